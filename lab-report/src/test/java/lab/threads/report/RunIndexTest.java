package lab.threads.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunIndexTest {

    @TempDir
    static Path fixture;

    @TempDir
    Path results;

    private static RunReport run;

    @BeforeAll
    static void oneRunsFigures() throws IOException {
        run = RunFixture.threeServers(fixture);
    }

    /** A results folder as runs leave it: two plain runs, a sweep with repeats, a comparison, and folders of no run. */
    static void fill(Path results) throws IOException {
        RunFixture.writeSummary(results.resolve("2026-01-01T10-00-00"), RunFixture.withMetadata(run, metadata("2026-01-01T10:00:00Z", "20000")));
        RunFixture.writeSummary(results.resolve("2026-01-03T10-00-00"), RunFixture.withMetadata(run, metadata("2026-01-03T10:00:00Z", "20000")));
        Path sweep = results.resolve("2026-01-02T10-00-00");
        Map<String, Object> sweepMetadata = metadata("2026-01-02T10:00:00Z", "20000");
        sweepMetadata.put("sweep", "users=100,200");
        sweepMetadata.put("repeats", 2);
        List<String> cases = List.of("users-100/repeat-1", "users-100/repeat-2", "users-200/repeat-1", "users-200/repeat-2");
        for (String folder : cases) {
            Map<String, Object> caseMetadata = new LinkedHashMap<>(sweepMetadata);
            caseMetadata.put("planProperties", Map.of("users", folder.substring(6, 9)));
            RunFixture.writeSummary(sweep.resolve(folder), RunFixture.withMetadata(run, caseMetadata));
        }
        SweepReport.write(sweep, sweepMetadata, List.of(), cases);
        Files.createDirectories(results.resolve("compare-2026-01-04T10-00-00"));
        Files.writeString(results.resolve("compare-2026-01-04T10-00-00").resolve(ComparisonReport.FILE), "<html></html>");
        Files.createDirectories(results.resolve("scratch"));
        Files.createDirectories(results.resolve("broken"));
        Files.writeString(results.resolve("broken").resolve(ReportWriter.JSON_FILE), "{not json");
        Files.createDirectories(results.resolve(".jmeter-home"));
    }

    static Map<String, Object> metadata(String date, String users) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("date", date);
        metadata.put("gitRevision", "abc123");
        metadata.put("plan", "talk");
        metadata.put("planProperties", Map.of("users", users));
        metadata.put("client", "JMeter users on virtual threads");
        return metadata;
    }

    @Test
    void listsRunsNewestFirstWithASweepAsOneEntryOfItsCases() throws IOException {
        fill(results);

        RunIndex.Contents contents = RunIndex.read(results);

        assertEquals(List.of("2026-01-03T10-00-00", "2026-01-02T10-00-00", "2026-01-01T10-00-00"),
                contents.runs().stream().map(RunIndex.Entry::folder).toList());
        RunIndex.Entry sweep = contents.runs().get(1);
        assertTrue(sweep.group());
        assertEquals(List.of("users-100/repeat-1", "users-100/repeat-2", "users-200/repeat-1", "users-200/repeat-2"),
                sweep.cases().stream().map(RunIndex.Case::folder).toList());
        assertEquals(List.of("compare-2026-01-04T10-00-00"), contents.comparisons());
        assertEquals(2, contents.skipped().size(), contents.skipped().toString());
        assertTrue(contents.skipped().get(0).startsWith("broken: unreadable"), contents.skipped().toString());
        assertTrue(contents.skipped().get(1).startsWith("scratch: no summary.json"), contents.skipped().toString());
    }

    @Test
    void thePageLinksEachRunAndCaseWithItsFiguresPerServer() throws IOException {
        fill(results);

        String page = Files.readString(RunIndex.write(results));

        int newest = page.indexOf("href=\"2026-01-03T10-00-00/index.html\"");
        int sweep = page.indexOf("href=\"2026-01-02T10-00-00/index.html\"");
        int oldest = page.indexOf("href=\"2026-01-01T10-00-00/index.html\"");
        assertTrue(0 < newest && newest < sweep && sweep < oldest, page);
        assertTrue(page.contains("sweep users=100,200, 2 repeats: 4 cases"), page);
        assertTrue(page.contains("href=\"2026-01-02T10-00-00/users-200/repeat-2/index.html\""), page);
        assertTrue(page.contains("<td rowspan=\"3\">users=200</td>"), "a case shows the knob it changed: " + page);
        ServerSummary virtual = run.servers().get(2);
        assertTrue(page.contains("<td>server-virtual</td><td>ok</td><td class=\"num\">"
                + Cells.decimal(virtual.percentOfIdeal(), 1) + "</td>"), page);
        assertTrue(page.contains(Headline.clientWords(virtual.validity())), page);
        assertTrue(page.contains("href=\"compare-2026-01-04T10-00-00/compare.html\""), page);
        assertTrue(page.contains("scratch: no summary.json or sweep.json, not a run folder"), page);
        assertFalse(page.contains(".jmeter-home"), page);
    }

    @Test
    void aSummaryFromAnOlderVersionStillLists() throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode old = json.valueToTree(RunFixture.withMetadata(run, metadata("2025-12-01T10:00:00Z", "20000")));
        old.withArray("/servers").forEach(server -> {
            ((ObjectNode) server).remove(List.of("validity", "serverView", "client"));
            ((ObjectNode) server).put("aFieldSinceRemoved", 1);
        });
        Files.createDirectories(results.resolve("old"));
        Files.writeString(results.resolve("old").resolve(ReportWriter.JSON_FILE), json.writeValueAsString(old));

        String page = Files.readString(RunIndex.write(results));

        assertTrue(page.contains("href=\"old/index.html\""), page);
        assertTrue(page.contains("<td class=\"num\">n/a</td>") || page.contains("<td>n/a</td>"), "no verdict: n/a " + page);
        assertFalse(page.contains("Not listed"), page);
    }

    @Test
    void anEmptyResultsFolderSaysSo() throws IOException {
        assertTrue(Files.readString(RunIndex.write(results)).contains("No runs in this folder yet."));
    }
}
