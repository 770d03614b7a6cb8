package lab.threads.report.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import lab.threads.report.RunFixture;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunComparisonTest {

    @TempDir
    static Path fixture;

    @TempDir
    Path results;

    private static RunReport run;

    @BeforeAll
    static void oneRunsFigures() throws IOException {
        run = RunFixture.threeServers(fixture);
    }

    private static Map<String, Object> metadata(String revision, String jvmFlags, String users) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("date", "2026-01-01T10:00:00Z");
        metadata.put("command", "./lab run --out " + revision);
        metadata.put("gitRevision", revision);
        metadata.put("cores", 2);
        metadata.put("planProperties", Map.of("users", users, "loops", "3"));
        metadata.put("serverJvmFlags", jvmFlags);
        return metadata;
    }

    /** The fixture run with the given metadata, each server's row changed by {@code change}. */
    private Path write(String folder, Map<String, Object> metadata, UnaryOperator<ServerSummary> change)
            throws IOException {
        RunReport report = new RunReport(
                RunFixture.record(metadata),
                run.plan(),
                run.servers().stream().map(change).toList());
        return RunFixture.writeSummary(results.resolve(folder), report).getParent();
    }

    private static UnaryOperator<ServerSummary> percentOfIdeal(double percent) {
        return server -> RunFixture.withPercentOfIdeal(server, percent);
    }

    @Test
    void givesEachFiguresChangeInPercentAfterWhatDifferedInHowTheyRan() throws IOException {
        Path a = write("a", metadata("abc", "-Xmx2g", "20000"), percentOfIdeal(80));
        Path b = write("b", metadata("def", "-Xmx2g", "10000"), percentOfIdeal(100));

        RunComparison comparison = RunComparison.of(ComparedRun.read(a), ComparedRun.read(b));

        assertEquals(
                List.of(
                        new RunComparison.MetadataChange("gitRevision", "abc", "def"),
                        new RunComparison.MetadataChange("planProperties.users", "20000", "10000")),
                comparison.metadata());
        assertEquals(
                RunFixture.SERVERS,
                comparison.servers().stream()
                        .map(RunComparison.ServerChange::server)
                        .toList());
        RunComparison.FigureChange ideal = comparison.servers().get(2).figures().getFirst();
        assertEquals(ServerFigure.PERCENT_OF_IDEAL, ideal.figure());
        assertEquals(25.0, ideal.changePercent(), 1e-9);
        assertNull(ideal.withinSpread(), "no repeats, no spread");
        assertEquals(0.0, comparison.servers().get(2).figures().get(4).changePercent(), "the same p99");

        String text = ComparisonReport.terminal(comparison);
        assertTrue(
                text.indexOf("gitRevision: abc -> def") < text.indexOf("% of ideal"),
                "how they ran comes first: " + text);
        assertTrue(
                text.lines().anyMatch(line -> line.matches("server-virtual +% of ideal +80\\.0 +100\\.0 +\\+25\\.0%")),
                text);
        assertTrue(text.lines().anyMatch(line -> line.matches("server-virtual +client verdict +.+ +same")), text);
        ClientVerdict virtual = run.servers().get(2).validity();
        assertEquals(
                virtual.verdict() + " (stall s: " + Math.round(virtual.stallSeconds()) + ")",
                comparison.servers().get(2).verdictA(),
                "a single run's verdict word, uncounted, and its stall seconds");

        Files.writeString(a.resolve(RunFolder.HTML_FILE), "<html></html>");
        String page = Files.readString(ComparisonReport.write(comparison, results.resolve("compare")));
        assertTrue(page.indexOf("id=\"metadata\"") < page.indexOf("id=\"figures\""), page);
        assertTrue(page.contains("<td>planProperties.users</td><td>20000</td><td>10000</td>"), page);
        assertTrue(page.contains("href=\"../a/index.html\""), "a link back to a run with its page: " + page);
        assertTrue(page.contains("<td>" + b + "</td>"), "no link to a page b lacks: " + page);
    }

    @Test
    void sameSetupSaysSoAndServersInOneRunOnlyAreNamed() throws IOException {
        Path a = write("a", metadata("abc", "-Xmx2g", "20000"), server -> server);
        RunReport twoServers = new RunReport(
                RunFixture.record(metadata("abc", "-Xmx2g", "20000")),
                run.plan(),
                run.servers().subList(1, 3));
        Path b = RunFixture.writeSummary(results.resolve("b"), twoServers).getParent();

        RunComparison comparison = RunComparison.of(ComparedRun.read(a), ComparedRun.read(b));

        assertEquals(List.of(), comparison.metadata(), "the date and command line are not differences");
        assertEquals(List.of("server-platform"), comparison.onlyInA());
        String text = ComparisonReport.terminal(comparison);
        assertTrue(
                text.contains("Both ran the same way") && text.contains("server-platform: only in A, not compared"),
                text);
    }

    @Test
    void withRepeatsOnBothSidesTheMediansAreComparedAndTheirRangesTellNoiseFromChange() throws IOException {
        Map<String, Object> metadata = metadata("abc", "-Xmx2g", "20000");
        metadata.put("repeats", 3);
        double[][] percents = {{80, 90, 100}, {95, 100, 105}, {120, 125, 130}};
        String[] folders = {"a", "b", "c"};
        for (int side = 0; side < folders.length; side++) {
            for (int repeat = 0; repeat < 3; repeat++) {
                write(folders[side] + "/repeat-" + (repeat + 1), metadata, percentOfIdeal(percents[side][repeat]));
            }
        }
        ComparedRun a = ComparedRun.read(results.resolve("a"));

        RunComparison.FigureChange close = RunComparison.of(a, ComparedRun.read(results.resolve("b")))
                .servers()
                .getFirst()
                .figures()
                .getFirst();
        RunComparison.FigureChange far = RunComparison.of(a, ComparedRun.read(results.resolve("c")))
                .servers()
                .getFirst()
                .figures()
                .getFirst();

        assertEquals(new Spread(90, 80, 100, 3), close.a());
        assertEquals(100.0 * 10 / 90, close.changePercent(), 1e-9);
        assertTrue(close.withinSpread(), "80-100 and 95-105 overlap");
        assertEquals(false, far.withinSpread(), "80-100 and 120-130 do not");
        assertEquals(results, a.results(), "a comparison goes beside the runs");
        assertTrue(ComparisonReport.terminal(RunComparison.of(a, ComparedRun.read(results.resolve("c"))))
                .contains("90.0 [80.0 - 100.0]"));
    }

    @Test
    void badFoldersAreRefusedWithThePathAndWhatToGive() throws IOException {
        Files.createDirectories(results.resolve("empty"));
        Files.createDirectories(results.resolve("corrupt"));
        Files.writeString(results.resolve("corrupt").resolve(RunFolder.SUMMARY_JSON_FILE), "[1, 2");
        SweepReport.write(
                Files.createDirectories(results.resolve("sweep")),
                RunRecord.NONE,
                List.of(),
                List.of("users-100", "users-200"));

        assertRefused(results.resolve("nowhere"), "no such folder");
        assertRefused(results.resolve("empty"), "no summary.json in it or in repeat-N folders");
        assertRefused(results.resolve("corrupt"), "not a run's summary");
        assertRefused(
                results.resolve("sweep"),
                "compare one level's folder, e.g. " + results.resolve("sweep").resolve("users-100"));

        Path a = write("a", metadata("abc", "-Xmx2g", "20000"), server -> server);
        Path b = RunFixture.writeSummary(results.resolve("b"), new RunReport(RunRecord.NONE, run.plan(), List.of()))
                .getParent();
        BadRunFolder none =
                assertThrows(BadRunFolder.class, () -> RunComparison.of(ComparedRun.read(a), ComparedRun.read(b)));
        assertTrue(none.getMessage().contains("no server in common"), none.getMessage());
    }

    @Test
    void oneGuestAgainstAnotherUnderAnotherNameIsComparedAsOne() throws IOException {
        Path thread = guestRun("thread", "orders-thread");
        Path virtual = guestRun("virtual", "orders-virtual");

        RunComparison comparison = RunComparison.of(ComparedRun.read(thread), ComparedRun.read(virtual));

        assertEquals(
                List.of("orders-thread vs orders-virtual"),
                comparison.servers().stream()
                        .map(RunComparison.ServerChange::server)
                        .toList());
        assertEquals(List.of(), comparison.onlyInA());
        // A lab server against another name is still refused: not one guest against one.
        Path platform = RunFixture.writeSummary(
                        results.resolve("platform"),
                        new RunReport(
                                RunRecord.NONE,
                                run.plan(),
                                List.of(run.servers().getFirst())))
                .getParent();
        assertThrows(BadRunFolder.class, () -> RunComparison.of(ComparedRun.read(thread), ComparedRun.read(platform)));
    }

    /** A run of one guest named {@code name}: the fixture's first row, renamed, with a guest's facts. */
    private Path guestRun(String folder, String name) throws IOException {
        Path summary = RunFixture.writeSummary(
                results.resolve(folder),
                new RunReport(RunRecord.NONE, run.plan(), List.of(run.servers().getFirst())));
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode read =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(summary.toFile());
        com.fasterxml.jackson.databind.node.ObjectNode server = (com.fasterxml.jackson.databind.node.ObjectNode)
                read.get("servers").get(0);
        server.put("server", name);
        server.putObject("guest").put("name", name).put("url", "http://127.0.0.1:8500/test");
        json.writeValue(summary.toFile(), read);
        return summary.getParent();
    }

    private static void assertRefused(Path dir, String expected) {
        BadRunFolder refused = assertThrows(BadRunFolder.class, () -> ComparedRun.read(dir));
        assertTrue(
                refused.getMessage().startsWith(dir.toString())
                        && refused.getMessage().contains(expected),
                refused.getMessage());
        assertEquals(1, refused.getMessage().lines().count(), refused.getMessage());
    }
}
