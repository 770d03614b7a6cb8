package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import lab.threads.run.Sweep;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.command.ReportCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep: each level of one plan property, each repeated, a warm-up before each measured load. One real sweep of two
 * levels proves the runner's wiring (each level's own load and warm-up in its folder, each case's report, the sweep
 * page); the page over repeats is proven on a recorded sweep of two levels x two repeats, written by {@code ./lab run
 * --plan=smoke --servers=virtual --sweep=users=4,8 --repeats=2 --warmup-users=3 --rampup=1 --loops=1 --sleep-ms=100}
 * (its raw files and the run's summary.json and sweep.json without its points; no pages), which {@code ./lab report}
 * summarises again. The same grouping makes both pages (the report's CaseReport.points).
 */
class SweepRunTest {
    private static final String RECORDED = "/recorded/sweep-users-4-8-repeats-2";

    @TempDir
    Path out;

    @Test
    void eachLevelRunsItsOwnLoadAfterItsWarmUp() throws IOException {
        int exit = LabCommand.commandLine()
                .execute(
                        "--plan=smoke",
                        "--servers=virtual",
                        "--sweep=users=4,8",
                        "--warmup-users=3",
                        "--rampup=1",
                        "--loops=1",
                        "--sleep-ms=100",
                        "--out=" + out,
                        TestServerJvm.OPTION);
        assertEquals(0, exit);

        Path run = LabRunEndToEndTest.onlyRunFolder(out);
        for (String level : List.of("4", "8")) {
            Path server = run.resolve("users-" + level + "/server-virtual");
            assertEquals(
                    Integer.parseInt(level) + 1,
                    Files.readAllLines(server.resolve("samples.jtl")).size(),
                    "header + one sample per user");
            assertEquals(
                    3 + 1,
                    Files.readAllLines(server.resolve("warmup/samples.jtl")).size(),
                    "warm-up samples kept apart");
            assertTrue(Files.isRegularFile(server.getParent().resolve("summary.json")), "each case has its own report");
        }
        assertSweepPage(run, 2, 1);
    }

    @Test
    void aRecordedSweepOfRepeatsIsSummarisedLevelByLevel() throws IOException, URISyntaxException {
        Path run = copyOfRecordedSweep();
        assertFalse(Files.exists(run.resolve("index.html")), "no page recorded: ./lab report writes them");

        assertEquals(0, ReportCommand.commandLine().execute(run.toString()));

        for (String level : List.of("4", "8")) {
            for (int repeat = 1; repeat <= 2; repeat++) {
                Path runCase = run.resolve("users-" + level + "/repeat-" + repeat);
                assertTrue(Files.isRegularFile(runCase.resolve("index.html")), "each case has its own report");
                JsonNode summary = new ObjectMapper()
                        .readTree(runCase.resolve("summary.json").toFile());
                assertEquals(
                        Integer.parseInt(level),
                        summary.at("/servers/0/summary/samples").asInt(),
                        "one sample per user; the warm-up's 3 (in warmup/) are not counted");
            }
        }
        assertSweepPage(run, 4, 2);
    }

    @Test
    void theCasesAreEachLevelTimesEachRepeat() throws IOException {
        List<RunCase> cases = RunCase.expand(PlanOptions.chosen("smoke", Map.of()), Sweep.parse("users=4,8"), 2);

        assertEquals(
                List.of("users-4/repeat-1", "users-4/repeat-2", "users-8/repeat-1", "users-8/repeat-2"),
                cases.stream().map(RunCase::folder).toList());
        assertEquals(
                List.of("4", "4", "8", "8"),
                cases.stream().map(c -> c.plan().properties().get("users")).toList(),
                "each case's plan runs its level");
    }

    /** sweep.json and the page: a point per level for the one server, over {@code runs} repeats, no errors. */
    private static void assertSweepPage(Path run, int cases, int runs) throws IOException {
        JsonNode sweep = new ObjectMapper().readTree(run.resolve("sweep.json").toFile());
        assertEquals(2, sweep.get("points").size(), "one point per level for the one server");
        for (JsonNode point : sweep.get("points")) {
            assertEquals("users", point.get("property").asText());
            assertEquals(runs, point.at("/figures/throughput/runs").asInt(), "the level's repeats aggregated");
            assertEquals(0.0, point.at("/figures/errorPercent/max").asDouble());
        }
        assertEquals(cases, sweep.get("cases").size());
        assertTrue(Files.readString(run.resolve("index.html")).contains("chart-throughput"));
    }

    /** The recorded sweep, copied to be reported into. */
    private Path copyOfRecordedSweep() throws IOException, URISyntaxException {
        Path recorded = Path.of(SweepRunTest.class.getResource(RECORDED).toURI());
        Path run = out.resolve("2026-11-25T22-30-00");
        try (Stream<Path> files = Files.walk(recorded)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path copy = run.resolve(recorded.relativize(file).toString());
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy);
            }
        }
        return run;
    }
}
