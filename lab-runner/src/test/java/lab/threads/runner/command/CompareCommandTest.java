package lab.threads.runner.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import lab.threads.report.checks.CheckFigure;
import lab.threads.report.runs.RunIndex;
import lab.threads.report.runs.SweepReport;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import lab.threads.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ./lab compare} and {@code ./lab report} on folders of finished runs: no server is started. */
class CompareCommandTest {

    private static final PlanShape PLAN = PlanShape.closed(50, 2, 2, 1_000);

    @TempDir
    Path results;

    /** A run as summary.json records it, its servers with no samples (the figures do not matter here). */
    private Path run(String folder, String revision, String... servers) throws IOException {
        Path dir = Files.createDirectories(results.resolve(folder));
        RunReport report = new RunReport(
                RunRecord.machineAlone(
                        new RunRecord.Machine("2026-01-01T10:00:00Z", null, revision, null, null, null, null)),
                PLAN,
                Stream.of(servers)
                        .map(server ->
                                ServerSummary.from(server, dir.resolve(server), PLAN, RunOutcome.fromWords("ok")))
                        .toList());
        Files.writeString(dir.resolve(RunFolder.SUMMARY_JSON_FILE), new ObjectMapper().writeValueAsString(report));
        return dir;
    }

    private record Outcome(int exit, String out, String err) {}

    private static Outcome execute(Object command, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream previousOut = System.out;
        PrintStream previousErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int exit =
                    new CommandLine(command).setErr(new PrintWriter(err, true)).execute(args);
            return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(previousOut);
            System.setErr(previousErr);
        }
    }

    @Test
    void comparesTwoRunsIntoAPageBesideThemThatTheIndexLists() throws IOException {
        Path a = run("2026-01-01T10-00-00", "abc", "server-pool", "server-virtual");
        Path b = run("2026-01-02T10-00-00", "def", "server-virtual");
        RunIndex.write(results);

        Outcome compare = execute(new CompareCommand(), a.toString(), b.toString());

        assertEquals(0, compare.exit(), compare.err());
        assertTrue(compare.out().startsWith("A: " + a), compare.out());
        assertTrue(compare.out().contains("gitRevision: abc -> def"), compare.out());
        assertTrue(compare.out().contains("server-pool: only in A, not compared"), compare.out());
        List<Path> pages;
        try (Stream<Path> folders = Files.list(results)) {
            pages = folders.filter(dir -> dir.getFileName().toString().startsWith("compare-"))
                    .map(dir -> dir.resolve("compare.html"))
                    .filter(Files::isRegularFile)
                    .toList();
        }
        assertEquals(1, pages.size(), "compare-<timestamp>/compare.html beside the runs");
        assertTrue(
                Files.readString(results.resolve(RunFolder.HTML_FILE))
                        .contains(results.relativize(pages.getFirst()).toString()),
                "the index lists the comparison");
    }

    @Test
    void outChoosesWhereThePageGoes() throws IOException {
        Path a = run("a", "abc", "server-virtual");
        Path b = run("b", "abc", "server-virtual");

        Outcome compare = execute(
                new CompareCommand(),
                a.toString(),
                b.toString(),
                "--out",
                results.resolve("mine").toString());

        assertEquals(0, compare.exit(), compare.err());
        assertTrue(Files.isRegularFile(results.resolve("mine").resolve("compare.html")));
        assertFalse(Files.exists(results.resolve(RunFolder.HTML_FILE)), "no index where no run wrote one");
    }

    @Test
    void badInputIsOneLineNamingThePathWithExitCode2() throws IOException {
        Path run = run("run", "abc", "server-virtual");
        Path platformOnly = run("platform-only", "abc", "server-platform");
        Path empty = Files.createDirectories(results.resolve("empty"));
        Path missing = results.resolve("missing");

        for (List<Object> bad : List.<List<Object>>of(
                List.of(empty, run, empty + ": no summary.json"),
                List.of(run, missing, missing + ": no such folder"),
                List.of(run, platformOnly, platformOnly + ": no server in common"))) {
            Outcome compare = execute(
                    new CompareCommand(), bad.get(0).toString(), bad.get(1).toString());
            assertEquals(2, compare.exit(), compare.err());
            assertTrue(compare.err().startsWith("lab: " + bad.get(2)), compare.err());
            assertEquals(1, compare.err().lines().count(), "one line, no stack trace: " + compare.err());
        }
        assertEquals(2, execute(new CompareCommand(), run.toString()).exit(), "B missing: picocli's usage error");
    }

    @Test
    void reportRewritesTheIndexOfAResultsFolderAndRefreshesItAfterARun() throws IOException {
        Path run = run("2026-01-01T10-00-00", "abc", "server-virtual");

        Outcome index = execute(new ReportCommand(), results.toString());
        assertEquals(0, index.exit(), index.err());
        assertTrue(Files.readString(results.resolve(RunFolder.HTML_FILE)).contains("2026-01-01T10-00-00/index.html"));

        run("2026-01-02T10-00-00", "def", "server-virtual");
        Outcome report = execute(new ReportCommand(), run.toString());
        assertEquals(0, report.exit(), report.err());
        assertTrue(report.out().contains("All runs: " + results.resolve(RunFolder.HTML_FILE)), report.out());
        assertTrue(Files.readString(results.resolve(RunFolder.HTML_FILE)).contains("2026-01-02T10-00-00/index.html"));
    }

    @Test
    void reportOnASweepFolderRedoesEveryCaseThenThePageOverThem() throws IOException {
        Path sweep = sweepOf("users=10,20", "users-10/repeat-1", "users-10/repeat-2", "users-20/repeat-1");

        Outcome report = execute(new ReportCommand(), sweep.toString());

        assertEquals(0, report.exit(), report.err());
        assertTrue(report.out().contains("Case users-10/repeat-2: "), report.out());
        JsonNode points = new ObjectMapper()
                .readTree(sweep.resolve(SweepReport.JSON_FILE).toFile())
                .get("points");
        assertEquals(2, points.size(), points::toString);
        assertEquals("10", points.get(0).get("level").asText());
        assertEquals(2, points.get(0).get("clientVerdicts").size(), "two repeats at users=10");
        assertEquals("20", points.get(1).get("level").asText());
        assertEquals(1, points.get(1).get("clientVerdicts").size());
        assertTrue(Files.isRegularFile(sweep.resolve(SweepReport.MARKDOWN_FILE)));
    }

    @Test
    void aSweepWithACaseMissingLeavesItsPageAsItWas() throws IOException {
        Path sweep = sweepOf("users=10,20", "users-10/repeat-1", "users-20/repeat-1");
        Files.delete(sweep.resolve("users-20/repeat-1").resolve(RunFolder.SUMMARY_JSON_FILE));
        String before = Files.readString(sweep.resolve(SweepReport.JSON_FILE));

        Outcome report = execute(new ReportCommand(), sweep.toString());

        assertEquals(2, report.exit(), report.err());
        assertTrue(report.err().contains("the sweep page is left as it was: case users-20/repeat-1"), report.err());
        assertEquals(before, Files.readString(sweep.resolve(SweepReport.JSON_FILE)));
    }

    /** A sweep folder as the runner leaves it: sweep.json naming its cases, each case a run of server-virtual. */
    private Path sweepOf(String spec, String... cases) throws IOException {
        Path dir = Files.createDirectories(results.resolve("2026-01-03T10-00-00"));
        for (String folder : cases) {
            run(results.relativize(dir.resolve(folder)).toString(), "abc", "server-virtual");
        }
        Files.writeString(
                dir.resolve(SweepReport.JSON_FILE),
                new ObjectMapper()
                        .writeValueAsString(Map.of(
                                "metadata",
                                Map.of("sweep", spec, "repeats", 2),
                                "points",
                                List.of(),
                                "cases",
                                List.of(cases))));
        return dir;
    }

    @Test
    void reportOnACutSummaryIsOneLineWithExitCode2() throws IOException {
        Path run = run("cut", "abc", "server-virtual");
        Path summary = run.resolve(RunFolder.SUMMARY_JSON_FILE);
        Files.writeString(summary, Files.readString(summary).substring(0, 40));

        Outcome report = execute(new ReportCommand(), run.toString());

        assertEquals(2, report.exit(), report.err());
        assertTrue(report.err().startsWith("lab: " + summary + " cannot be read"), report.err());
        assertEquals(1, report.err().lines().count(), "one line, no stack trace: " + report.err());
    }

    /** The recorded sweep's two levels, each of two repeats: runs already made, as ./lab compare takes them. */
    private static final Path RECORDED = Path.of("src/test/resources/recorded/sweep-users-4-8-repeats-2");

    @Test
    void checksJudgeBWithAAsTheBaselineAndTheExitCodeIsTheirs() throws IOException {
        Path a = RECORDED.resolve("users-4");
        Path b = RECORDED.resolve("users-8");
        // The bound worked out here from B's files: 1.2 x the plan's sleep against the median of its repeats' p99.
        ObjectMapper json = new ObjectMapper();
        List<Double> p99s = new java.util.ArrayList<>();
        long sleepMs = 0;
        for (String repeat : List.of("repeat-1", "repeat-2")) {
            var summary = json.readTree(
                    b.resolve(repeat).resolve(RunFolder.SUMMARY_JSON_FILE).toFile());
            p99s.add(summary.at("/servers/0/percentiles/p99").asDouble());
            sleepMs = summary.at("/plan/sleepMs").asLong();
        }
        double median = (p99s.get(0) + p99s.get(1)) / 2;
        boolean breaches = median > 1.2 * sleepMs;

        Path out = results.resolve("compare");
        Outcome judged =
                execute(new CompareCommand(), a.toString(), b.toString(), "--out=" + out, "--check=p99<=1.2x sleep");

        assertEquals(breaches ? 3 : 0, judged.exit(), judged.out() + judged.err());
        assertTrue(
                judged.out().contains((breaches ? "breached" : "passed") + ": server-virtual p99<=1.2x sleep: p99 "),
                judged.out());
        for (String file :
                List.of(RunFolder.CHECKS_JSON_FILE, RunFolder.CHECKS_JUNIT_FILE, RunFolder.CHECKS_MARKDOWN_FILE)) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file + " beside compare.html");
        }
        assertEquals(
                "users-4",
                Path.of(json.readTree(out.resolve(RunFolder.CHECKS_JSON_FILE).toFile())
                                .get("baseline")
                                .asText())
                        .getFileName()
                        .toString(),
                "A is the baseline");

        Outcome unknown = execute(new CompareCommand(), a.toString(), b.toString(), "--check=p98<=1s");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("the figures are " + CheckFigure.names()), unknown.err());
    }
}
