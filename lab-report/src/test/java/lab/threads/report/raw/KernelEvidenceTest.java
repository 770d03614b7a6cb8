package lab.threads.report.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import lab.threads.model.samples.Sample;
import lab.threads.report.JtlFixture;
import lab.threads.report.RunFixture;
import lab.threads.report.chart.AcceptQueuePoint;
import lab.threads.report.chart.RunCharts;
import lab.threads.report.chart.ServerCharts;
import lab.threads.report.page.CsvReport;
import lab.threads.report.page.HtmlReport;
import lab.threads.report.page.MarkdownReport;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import lab.threads.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kernel's view against JMeter's connects, and the sentences on missing series, from fixture files. */
class KernelEvidenceTest {

    @TempDir
    Path serverDir;

    @Test
    void connectsInTheSynRetryBandsAgreeWithTheKernelsListenDrops() throws IOException {
        writeRun(slowConnects(400, 1_000, 12, 2_000), RunFixture.kernelLines("6.18.44", 415));

        KernelEvidence kernel = summary().kernel();

        assertEquals(
                "412 connects took a SYN retry (1-s band: 400, 2-s band: 12); the kernel counted 415 listen drops: "
                        + "the two views agree",
                kernel.check());
        assertEquals(true, kernel.viewsAgree());
        assertEquals(415L, kernel.listenDrops());
        assertEquals(9L, kernel.peakAcceptQueue());
        assertEquals(8192L, kernel.backlog());
        assertEquals(9, kernel.secondsQueued(), "t = 11-19 s held a queue");
        assertEquals(51L, kernel.retransmittedSegments());
        assertEquals(0L, kernel.synRetransmits());
    }

    @Test
    void slowConnectsTheKernelDidNotDropDisagree() throws IOException {
        writeRun(slowConnects(30, 1_100, 0, 0), RunFixture.kernelLines("6.18.44", 0));

        KernelEvidence kernel = summary().kernel();

        assertEquals(false, kernel.viewsAgree());
        assertTrue(
                kernel.check()
                        .startsWith("30 connects took a SYN retry (1-s band: 30); the kernel counted 0 listen "
                                + "drops: the two views disagree: more connects were slowed"),
                kernel.check());
    }

    @Test
    void dropsWithoutASlowConnectDisagreeAndNeitherAgrees() throws IOException {
        writeRun(slowConnects(0, 0, 0, 0), RunFixture.kernelLines("6.18.44", 5));
        assertTrue(summary().kernel().check().contains("no connect was slowed, so the drops were handshake ACKs"));

        writeRun(slowConnects(0, 0, 0, 0), RunFixture.kernelLines("6.18.44", 0));
        assertEquals(
                "No connect took a SYN retry (none of 900 ms or more); the kernel counted 0 listen drops: the two "
                        + "views agree",
                summary().kernel().check());
    }

    @Test
    void anOlderKernelRetriesAtOneThreeAndSevenSeconds() throws IOException {
        writeRun(slowConnects(5, 1_000, 3, 3_100), RunFixture.kernelLines("5.10.0-30-amd64", 20));

        KernelEvidence kernel = summary().kernel();

        assertEquals(Map.of("1-s band", 5L, "3-s band", 3L, "7-s band", 0L, "15-s band", 0L), kernel.connectsByBand());
        assertTrue(
                kernel.check()
                        .startsWith("8 connects took a SYN retry (1-s band: 5, 3-s band: 3); the kernel counted "
                                + "20 listen drops: the two views agree"),
                kernel.check());
    }

    @Test
    void aConnectBetweenTheBandsIsCountedApart() throws IOException {
        writeRun(slowConnects(2, 1_600, 1, 2_000), RunFixture.kernelLines("6.18.44", 3));

        assertTrue(
                summary()
                        .kernel()
                        .check()
                        .startsWith("3 connects took a SYN retry (2-s band: 1, outside the bands: 2)"),
                summary().kernel().check());
    }

    @Test
    void aRunWithoutKernelJsonlHasNoKernelViewAndNoNote() throws IOException {
        writeRun(slowConnects(0, 0, 0, 0), null);

        ServerSummary summary = summary();

        assertNull(summary.kernel());
        assertTrue(summary.notes().stream().noneMatch(note -> note.contains("kernel")), summary.notes()::toString);
    }

    @Test
    void aStatsGapCoveredFromOutsideIsSaidInOneSentence() throws IOException {
        writeRun(slowConnects(0, 0, 0, 0), RunFixture.kernelLines("6.18.44", 0));
        Files.writeString(serverDir.resolve(RunFolder.STATS_FILE), withoutSeconds(RunFixture.statsLines(100), 13, 39));

        assertEquals(
                List.of("server /stats did not answer t = 12-40 s; the outside /proc series covers it"),
                summary().seriesGaps());
    }

    @Test
    void aGapInBothSeriesAndAMissingOutsideSeriesAreSaid() throws IOException {
        writeRun(slowConnects(0, 0, 0, 0), RunFixture.kernelLines("6.18.44", 0));
        Files.writeString(serverDir.resolve(RunFolder.STATS_FILE), withoutSeconds(RunFixture.statsLines(100), 13, 39));
        Files.writeString(
                serverDir.resolve(RunFolder.SERVER_PROC_FILE), withoutSeconds(RunFixture.statsLines(100), 20, 24));
        Files.writeString(
                serverDir.resolve(RunFolder.CLIENT_STATS_FILE), withoutSeconds(RunFixture.clientLines(), 30, 50));
        Files.delete(serverDir.resolve(RunFolder.CLIENT_PROC_FILE));

        assertEquals(
                List.of(
                        "server /stats did not answer t = 12-40 s; the outside /proc series misses t = 19-25 s too",
                        "the client's own record (client-stats.jsonl) has no line t = 29-" + lastEndSecond()
                                + " s; there is no "
                                + "outside /proc series (a --target server, or a run made before the lab read /proc)"),
                summary().seriesGaps());
    }

    @Test
    void theReportsCarryTheCheckAndTheGaps() throws IOException {
        writeRun(slowConnects(400, 1_000, 12, 2_000), RunFixture.kernelLines("6.18.44", 415));
        Files.writeString(serverDir.resolve(RunFolder.STATS_FILE), withoutSeconds(RunFixture.statsLines(100), 13, 39));
        RunReport report = new RunReport(RunRecord.NONE, RunFixture.PLAN, List.of(summary()));

        String sentence =
                "412 connects took a SYN retry (1-s band: 400, 2-s band: 12); the kernel counted 415 listen drops";
        String gap = "server-virtual: server /stats did not answer t = 12-40 s; the outside /proc series covers it";
        String md = MarkdownReport.render(report);
        assertTrue(md.contains(sentence) && md.contains(gap), md);
        String html = HtmlReport.render(report, serverDir, new RunCharts(List.of()));
        assertTrue(html.contains(HtmlReport.escape(sentence)) && html.contains(HtmlReport.escape(gap)));
        assertTrue(CsvReport.render(report).contains(sentence));
    }

    @Test
    void theAcceptQueueIsChartedPerSecond() throws IOException {
        writeRun(slowConnects(0, 0, 0, 0), RunFixture.kernelLines("6.18.44", 0));

        ServerCharts charts = ServerCharts.read("server-virtual", serverDir, RunFixture.PLAN);

        assertEquals(52, charts.acceptQueue().size());
        assertEquals(
                9L,
                charts.acceptQueue().stream()
                        .mapToLong(AcceptQueuePoint::queued)
                        .max()
                        .orElseThrow());
        assertEquals(53, charts.outsideStats().size());
        assertFalse(charts.outsideClient().isEmpty());
    }

    /** Samples over the fixture's 50 s, 1 ms connects but for the given numbers near two connect times. */
    private static List<Sample> slowConnects(int first, long firstMs, int second, long secondMs) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            long connect = i < first ? firstMs + i % 200 - 100 : i < first + second ? secondMs + i % 100 : 1;
            samples.add(new Sample(
                    JtlFixture.START + i * 44L, 6_000 + connect, "200", "", true, 250, 121, 100, connect, null, null));
        }
        samples.sort(java.util.Comparator.comparingLong(Sample::endTime));
        return samples;
    }

    private void writeRun(List<Sample> samples, String kernelLines) throws IOException {
        Files.createDirectories(serverDir);
        JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), samples);
        Files.writeString(serverDir.resolve(RunFolder.STATS_FILE), RunFixture.statsLines(100));
        Files.writeString(serverDir.resolve(RunFolder.SERVER_PROC_FILE), RunFixture.statsLines(100));
        Files.writeString(serverDir.resolve(RunFolder.CLIENT_STATS_FILE), RunFixture.clientLines());
        Files.writeString(serverDir.resolve(RunFolder.CLIENT_PROC_FILE), RunFixture.clientLines());
        Files.deleteIfExists(serverDir.resolve(RunFolder.KERNEL_FILE));
        if (kernelLines != null) {
            Files.writeString(serverDir.resolve(RunFolder.KERNEL_FILE), kernelLines);
        }
    }

    private ServerSummary summary() {
        return ServerSummary.from("server-virtual", serverDir, RunFixture.PLAN, RunOutcome.fromWords("ok"));
    }

    /** The fixture's lines are one a second from START - 2 s or so: drop those of seconds [from, to]. */
    private static String withoutSeconds(String lines, int from, int to) {
        return lines.lines()
                .filter(line -> {
                    long second =
                            (Long.parseLong(line.replaceAll(".*\"sampledAtMs\":(\\d+).*", "$1")) - JtlFixture.START)
                                    / 1000;
                    return second < from || second > to;
                })
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /** The last sample's end, in seconds since the first start, as the gap sentences round it. */
    private static long lastEndSecond() {
        return Math.round(
                IntStream.range(0, 1_000).mapToLong(i -> i * 44L + 6_001).max().orElseThrow() / 1000.0);
    }
}
