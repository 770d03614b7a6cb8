package lab.threads.report.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import lab.threads.report.RunFixture;
import lab.threads.report.math.Numbers;
import lab.threads.report.page.Headline;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunFolder;
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

    @Test
    void listsRunsNewestFirstWithASweepAsOneEntryOfItsCases() throws IOException {
        ResultsFixture.fill(results, run);

        RunIndex.Contents contents = RunIndex.read(results);

        assertEquals(
                List.of("2026-01-03T10-00-00", "2026-01-02T10-00-00", "2026-01-01T10-00-00"),
                contents.runs().stream().map(RunIndex.Entry::folder).toList());
        RunIndex.Entry sweep = contents.runs().get(1);
        assertTrue(sweep.group());
        assertEquals(
                List.of("users-100/repeat-1", "users-100/repeat-2", "users-200/repeat-1", "users-200/repeat-2"),
                sweep.cases().stream().map(RunIndex.Case::folder).toList());
        assertEquals(List.of("compare-2026-01-04T10-00-00"), contents.comparisons());
        assertEquals(
                List.of(new RunIndex.TasksEntry(
                        "2026-01-05T10-00-00-tasks", "seeds 003; 1 repeats; NOT every task completed")),
                contents.tasks());
        assertEquals(2, contents.skipped().size(), contents.skipped().toString());
        assertTrue(
                contents.skipped().get(0).startsWith("broken: unreadable"),
                contents.skipped().toString());
        assertTrue(
                contents.skipped().get(1).startsWith("scratch: no summary.json"),
                contents.skipped().toString());
    }

    @Test
    void thePageLinksEachRunAndCaseWithItsFiguresPerServer() throws IOException {
        ResultsFixture.fill(results, run);

        String page = Files.readString(RunIndex.write(results));

        int newest = page.indexOf("href=\"2026-01-03T10-00-00/index.html\"");
        int sweep = page.indexOf("href=\"2026-01-02T10-00-00/index.html\"");
        int oldest = page.indexOf("href=\"2026-01-01T10-00-00/index.html\"");
        assertTrue(0 < newest && newest < sweep && sweep < oldest, page);
        assertTrue(page.contains("sweep users=100,200 x 2 repeats"), page);
        assertTrue(page.contains("href=\"2026-01-05T10-00-00-tasks/index.html\""), page);
        assertTrue(page.contains("href=\"2026-01-02T10-00-00/users-200/repeat-2/index.html\""), page);
        assertTrue(page.contains("<td rowspan=\"3\">users=200</td>"), "a case shows the knob it changed: " + page);
        ServerSummary virtual = run.servers().get(2);
        assertTrue(
                page.contains("<td>server-virtual</td><td>ok</td><td class=\"num\">"
                        + Numbers.decimal(virtual.percentOfIdeal(), 1) + "</td>"),
                page);
        assertTrue(page.contains(Headline.clientWords(virtual.validity())), page);
        assertTrue(page.contains("href=\"compare-2026-01-04T10-00-00/compare.html\""), page);
        assertTrue(
                page.contains("scratch: no summary.json or sweep.json (not a run, or a sweep still in its first case)"),
                page);
        assertFalse(page.contains(RunFolder.CLIENT_HOME_DIR), page);
    }

    @Test
    void aSummaryFromAnOlderVersionStillLists() throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode old = json.valueToTree(
                RunFixture.withMetadata(run, ResultsFixture.metadata("2025-12-01T10:00:00Z", "20000")));
        old.withArray("/servers").forEach(server -> {
            ((ObjectNode) server).remove(List.of("validity", "serverView", "client"));
            ((ObjectNode) server).put("aFieldSinceRemoved", 1);
        });
        Files.createDirectories(results.resolve("old"));
        Files.writeString(results.resolve("old").resolve(RunFolder.SUMMARY_JSON_FILE), json.writeValueAsString(old));

        String page = Files.readString(RunIndex.write(results));

        assertTrue(page.contains("href=\"old/index.html\""), page);
        assertTrue(
                page.contains("<td class=\"num\">n/a</td>") || page.contains("<td>n/a</td>"),
                "no verdict: n/a " + page);
        assertFalse(page.contains("Not listed"), page);
    }

    /** A tasks and a pinning run as the lab wrote them, before their metadata were records, each in a few words. */
    @Test
    void recordedTasksAndPinningRunsListInAFewWords() throws Exception {
        for (String recorded : List.of("tasks-scale-0.001", "pinning-20x500ms")) {
            Path from = Path.of(getClass().getResource("/recorded/" + recorded).toURI());
            Files.createDirectories(results.resolve(recorded));
            try (var files = Files.list(from)) {
                for (Path file : files.toList()) {
                    Files.copy(file, results.resolve(recorded).resolve(file.getFileName()));
                }
            }
        }

        RunIndex.Contents contents = RunIndex.read(results);

        assertEquals(
                List.of(new RunIndex.TasksEntry(
                        "tasks-scale-0.001", "seeds 000, 001, 003; 2 repeats; every task completed")),
                contents.tasks());
        assertEquals(
                List.of(new RunIndex.TasksEntry(
                        "pinning-20x500ms", "JDK 25, 21; 5 wait kinds on 2 servers; 20 probes")),
                contents.pinning());
    }

    @Test
    void refreshRewritesOnlyAnIndexARunWroteBefore() throws IOException {
        ResultsFixture.fill(results, run);

        assertEquals(Optional.empty(), RunIndex.refresh(results), "no index yet: the folder is left alone");
        RunIndex.write(results);
        assertEquals(Optional.of(results.resolve(RunFolder.HTML_FILE)), RunIndex.refresh(results));
        assertFalse(
                RunIndex.isResultsFolder(results.resolve("2026-01-02T10-00-00")),
                "a sweep is a run, not a results folder");
        assertFalse(RunIndex.isResultsFolder(results.resolve("scratch")));
    }

    @Test
    void anEmptyResultsFolderSaysSo() throws IOException {
        assertTrue(Files.readString(RunIndex.write(results)).contains("No runs in this folder yet."));
    }
}
