package lab.threads.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.report.math.PlanShape;
import lab.threads.report.raw.RunFolder;
import lab.threads.report.runs.ComparedRun;
import lab.threads.report.runs.ComparisonReport;
import lab.threads.report.runs.ResultsFixture;
import lab.threads.report.runs.RunComparison;
import lab.threads.report.runs.RunIndex;
import lab.threads.report.runs.SweepPoint;
import lab.threads.report.runs.SweepReport;
import lab.threads.report.summary.RunOutcome;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
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
        ReportWriter.writeAll(new RunReport(metadata, run.plan(), servers), dir);
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
                metadata,
                run.plan(),
                run.servers().stream()
                        .map(server -> RunFixture.withPercentOfIdeal(server, percentOfIdeal))
                        .toList());
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
        SweepReport.write(dir, metadata(), points, List.of("users-100/repeat-1", "users-200/repeat-1"));
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
