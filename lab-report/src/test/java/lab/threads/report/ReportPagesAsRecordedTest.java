package lab.threads.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.report.runs.ComparedRun;
import lab.threads.report.runs.ComparisonReport;
import lab.threads.report.runs.ResultsFixture;
import lab.threads.report.runs.RunComparison;
import lab.threads.report.runs.RunIndex;
import lab.threads.report.runs.SweepPoint;
import lab.threads.report.runs.SweepReport;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.Verdict;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import lab.threads.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every page a run, a sweep, the index and a comparison write, rendered from the fixtures' raw files and matched byte for
 * byte against the copies recorded before the pages were last reworked ({@link Golden}). The tasks and pinning pages
 * are matched in their own packages' tests.
 */
class ReportPagesAsRecordedTest {

    @TempDir
    Path dir;

    @Test
    void aRunsPagesAsRecorded() throws IOException {
        ReportWriter.writeAll(RunFixture.threeServers(dir), dir);
        assertRunAsRecorded("run");
    }

    /** Each server's turn with the machine's ledger: the stacked bars, the parts in the findings, the words. */
    @Test
    void aRunWithTheMachinesLedgerAsRecorded() throws IOException {
        ReportWriter.writeAll(RunFixture.ledgered(dir), dir);
        assertRunAsRecorded("run-ledger");
    }

    /** One server interrupted, one died at start: the partial notice, the notes, errors by cause. */
    @Test
    void aRunCutShortAsRecorded() throws IOException {
        RunReport run = RunFixture.threeServers(dir);
        List<String> outcomes = List.of("server died at start", "interrupted", "ok");
        List<ServerSummary> servers = new ArrayList<>();
        for (int i = 0; i < run.servers().size(); i++) {
            String server = run.servers().get(i).server();
            servers.add(
                    ServerSummary.from(server, dir.resolve(server), run.plan(), RunOutcome.fromWords(outcomes.get(i))));
        }
        Map<String, Object> metadata = metadata();
        ReportWriter.writeAll(new RunReport(RunFixture.record(metadata), run.plan(), servers), dir);
        assertRunAsRecorded("run-cut-short");
    }

    @Test
    void theTalksServersPagesAsRecorded() throws IOException {
        ReportWriter.writeAll(RunFixture.talkServers(dir), dir);
        assertRunAsRecorded("run-talk");
    }

    // No profiled run here: its recording (RecordingFixture) is made live once per build, so its sample counts and pin
    // times differ from one clean build to the next; JvmProfileTest checks that section instead.

    private void assertRunAsRecorded(String name) {
        for (String file : List.of(RunFolder.HTML_FILE, RunFolder.SUMMARY_MARKDOWN_FILE, RunFolder.SUMMARY_CSV_FILE)) {
            Golden.assertFileAsRecorded(name + "-" + file, dir.resolve(file), dir);
        }
    }

    @Test
    void theIndexOfAllRunsAsRecorded() throws IOException {
        Path results = dir.resolve("results");
        ResultsFixture.fill(results, RunFixture.threeServers(dir.resolve("run")));
        Golden.assertFileAsRecorded("index-of-runs.html", RunIndex.write(results), dir);
    }

    @Test
    void aComparisonAsRecorded() throws IOException {
        RunReport run = RunFixture.threeServers(dir.resolve("run"));
        Path a = RunFixture.writeSummary(dir.resolve("a"), withRevision(run, "abc", 80))
                .getParent();
        Path b = RunFixture.writeSummary(dir.resolve("b"), withRevision(run, "def", 100))
                .getParent();
        RunComparison comparison = RunComparison.of(ComparedRun.read(a), ComparedRun.read(b));
        Golden.assertFileAsRecorded("compare.html", ComparisonReport.write(comparison, dir.resolve("compare")), dir);
        Golden.assertAsRecorded("compare.txt", ComparisonReport.terminal(comparison), dir);
    }

    private static RunReport withRevision(RunReport run, String revision, double percentOfIdeal) {
        Map<String, Object> metadata = metadata();
        metadata.put("gitRevision", revision);
        return new RunReport(
                RunFixture.record(metadata),
                run.plan(),
                run.servers().stream()
                        .map(server -> RunFixture.withPercentOfIdeal(server, percentOfIdeal))
                        .toList());
    }

    /**
     * The recorded Hyperfoil run of seed 002's sweep (server-virtual, 10 connections, 0 ms): a run without an ideal,
     * its client named, its headline, Results and Details from a real run's raw files.
     */
    @Test
    void aRecordedHyperfoilRunsPagesAsRecorded() throws IOException, URISyntaxException {
        Path recorded =
                Path.of(getClass().getResource("/recorded/hyperfoil-0ms-run").toURI());
        RunFixture.copy(recorded, dir);
        JsonNode run = new ObjectMapper().readTree(dir.resolve("run.json").toFile());
        RunRecord metadata = new ObjectMapper().convertValue(run.get("metadata"), RunRecord.class);
        PlanShape plan = PlanShape.throughput(
                run.at("/plan/users").asInt(),
                run.at("/plan/durationSeconds").asInt(),
                run.at("/plan/sleepMs").asLong());
        ReportWriter.writeAll(
                new RunReport(
                        metadata,
                        plan,
                        List.of(ServerSummary.from(
                                "server-virtual", dir.resolve("server-virtual"), plan, RunOutcome.fromWords("ok")))),
                dir);
        assertRunAsRecorded("run-hyperfoil");
    }

    /**
     * The same run repeated: medians with their [min - max] ranges, one server bending where the client was the
     * bottleneck in some repeats.
     */
    @Test
    void aSweepOfRepeatsAsRecorded() throws IOException {
        RunReport run = RunFixture.threeServers(dir.resolve("run"));
        Map<String, List<ServerSummary>> byLevel = new LinkedHashMap<>();
        List<ServerSummary> first = new ArrayList<>();
        List<ServerSummary> second = new ArrayList<>();
        double[][] percents = {{95, 97, 60, 40}, {92, 99, 93, 96}, {88, 91, 70, 75}};
        for (int s = 0; s < run.servers().size(); s++) {
            ServerSummary server = run.servers().get(s);
            first.add(RunFixture.withPercentOfIdeal(server, percents[s][0]));
            first.add(RunFixture.withPercentOfIdeal(server, percents[s][1]));
            second.add(RunFixture.withPercentOfIdeal(server, percents[s][2]));
            // The last server's last repeat was disturbed: other programs took its cores.
            second.add(
                    s == 2
                            ? RunFixture.withFigures(
                                    server, percents[s][3], server.summary().errorPercent(), disturbed(server))
                            : RunFixture.withPercentOfIdeal(server, percents[s][3]));
        }
        byLevel.put("100", first);
        byLevel.put("200", second);
        writeSweep(SweepPoint.all("users", byLevel));
        assertSweepAsRecorded("sweep-repeats");
    }

    private static ClientVerdict disturbed(ServerSummary server) {
        ClientVerdict own = server.validity();
        return new ClientVerdict(
                Verdict.DISTURBED,
                List.of("disturbed: other programs (gradle 9.3 s) took 10.0% of the busy time (the line is 5%)"),
                "advice",
                own.clientStalls(),
                own.clientBusyLagging(),
                own.machineSaturatedSeconds(),
                own.clientLimitErrors(),
                false);
    }

    /** Repeats on both sides (medians, ranges, the spread's column), the same setup, a server in one run only. */
    @Test
    void aComparisonOfRepeatsAsRecorded() throws IOException {
        RunReport run = RunFixture.threeServers(dir.resolve("run"));
        Map<String, Object> metadata = metadata();
        metadata.put("repeats", 2);
        double[][] percents = {{80, 100}, {95, 130}};
        for (int side = 0; side < 2; side++) {
            for (int repeat = 0; repeat < 2; repeat++) {
                List<ServerSummary> servers = run.servers().subList(side, 3);
                double percent = percents[side][repeat];
                RunFixture.writeSummary(
                        dir.resolve((side == 0 ? "a" : "b") + "/repeat-" + (repeat + 1)),
                        new RunReport(
                                RunFixture.record(metadata),
                                run.plan(),
                                servers.stream()
                                        .map(server -> RunFixture.withPercentOfIdeal(server, percent))
                                        .toList()));
            }
        }
        RunComparison comparison =
                RunComparison.of(ComparedRun.read(dir.resolve("a")), ComparedRun.read(dir.resolve("b")));
        Golden.assertFileAsRecorded(
                "compare-repeats.html", ComparisonReport.write(comparison, dir.resolve("compare")), dir);
        Golden.assertAsRecorded("compare-repeats.txt", ComparisonReport.terminal(comparison), dir);
    }

    /** Two levels of two repeats each, the same raw files at each: medians, ranges, the bends. */
    @Test
    void aSweepsPagesAsRecorded() throws IOException {
        RunReport run = RunFixture.threeServers(dir.resolve("run"));
        Map<String, List<ServerSummary>> byLevel = new LinkedHashMap<>();
        byLevel.put("100", run.servers());
        byLevel.put(
                "200",
                run.servers().stream()
                        .map(server -> RunFixture.withPercentOfIdeal(server, 50))
                        .toList());
        writeSweep(SweepPoint.all("users", byLevel));
        assertSweepAsRecorded("sweep");
    }

    /** Nothing blocks (no ideal): seed 002's table. */
    @Test
    void aSweepWithNothingBlockingAsRecorded() throws IOException {
        RunFixture.threeServers(dir.resolve("run"));
        PlanShape helloWorld = PlanShape.throughput(100, 10, 0);
        Map<String, List<ServerSummary>> byLevel = new LinkedHashMap<>();
        byLevel.put(
                "100",
                RunFixture.SERVERS.stream()
                        .map(server -> ServerSummary.from(
                                server, dir.resolve("run").resolve(server), helloWorld, RunOutcome.fromWords("ok")))
                        .toList());
        writeSweep(SweepPoint.all("connections", byLevel));
        assertSweepAsRecorded("sweep-no-blocking");
    }

    private void writeSweep(List<SweepPoint> points) throws IOException {
        SweepReport.write(
                dir, RunFixture.record(metadata()), points, List.of("users-100/repeat-1", "users-200/repeat-1"));
    }

    private void assertSweepAsRecorded(String name) {
        for (String file : List.of(RunFolder.HTML_FILE, SweepReport.MARKDOWN_FILE)) {
            Golden.assertFileAsRecorded(name + "-" + file, dir.resolve(file), dir);
        }
    }

    /** What a run records, with this machine's values. */
    private static Map<String, Object> metadata() {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("date", "2026-01-01T10:00:00Z");
        metadata.put("command", "./lab run --users 20000");
        metadata.put("gitRevision", "0f7f5bc1a2b3");
        metadata.put("jdk", "25.0.3+9-LTS (Eclipse Adoptium)");
        metadata.put("cores", 2);
        metadata.put("planProperties", Map.of("users", "20000"));
        metadata.put("serverJvmFlags", "-Xms1g -Xmx2g");
        return metadata;
    }
}
