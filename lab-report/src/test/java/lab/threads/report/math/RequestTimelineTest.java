package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.Sample;
import lab.threads.report.JtlFixture;
import lab.threads.report.RunFixture;
import lab.threads.report.page.TimeSection;
import lab.threads.report.raw.ServerRequestLog;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Joining JMeter's samples with the server's request log, and splitting each request's time into its parts. */
class RequestTimelineTest {
    private static final long T = JtlFixture.START;

    @TempDir
    Path dir;

    @Test
    void theUrlsRidIsTheJoinKey() {
        assertEquals("42", Sample.requestIdOf("http://127.0.0.1:8083/sleep?ms=6000&rid=42"));
        assertEquals("7", Sample.requestIdOf("http://h/sleep?rid=7&ms=1"));
        assertNull(Sample.requestIdOf("http://127.0.0.1:8083/sleep?ms=6000"));
        assertNull(Sample.requestIdOf("http://127.0.0.1:8083/sleep?ms=6000&rid="));
    }

    @Test
    void aNewConnectionsPartsAddUpToItsElapsedWithTheWaitBeforeTheFrameworkInTheAcceptQueue() {
        // Start 0, connected at 5 ms, the framework had it at 2,005 ms, the thread began at 2,105, wrote at 8,105,
        // JMeter done 8,300.
        Sample sample = sample("1", 0, 8_300, 5);
        double[] parts = RequestTimeline.split(
                        sample, entry(true, 2_005, 2_105, 8_105), LoadClient.UNNAMED.endResolutionMs())
                .parts();

        assertEquals(5, parts[RequestPart.CONNECT.ordinal()], 1e-9);
        assertEquals(2_000, parts[RequestPart.QUEUE_AND_READ.ordinal()], 1e-9);
        assertEquals(0, parts[RequestPart.READ_WAIT.ordinal()], 1e-9);
        assertEquals(100, parts[RequestPart.THREAD_WAIT.ordinal()], 1e-9);
        assertEquals(6_000, parts[RequestPart.HANDLER.ordinal()], 1e-9);
        assertEquals(195, parts[RequestPart.CLIENT.ordinal()], 1e-9);
        assertEquals(8_300, Arrays.stream(parts).sum(), 1e-9);
    }

    @Test
    void aKeepAliveRequestsWaitBeforeTheFrameworkIsAWaitToBeRead() {
        double[] parts = RequestTimeline.split(
                        sample("2", 0, 6_400, 0), entry(false, 300, 300, 6_300), LoadClient.UNNAMED.endResolutionMs())
                .parts();

        assertEquals(0, parts[RequestPart.QUEUE_AND_READ.ordinal()], 1e-9);
        assertEquals(300, parts[RequestPart.READ_WAIT.ordinal()], 1e-9);
        assertEquals(100, parts[RequestPart.CLIENT.ordinal()], 1e-9);
    }

    @Test
    void instantsOutOfOrderByTheClocksResolutionAreMovedAndCountedAsUnexplained() {
        // The server had the request 0.6 ms before JMeter's connect ended (JMeter's whole ms), wrote 0.4 ms after its
        // end.
        RequestTimeline.Joined joined = RequestTimeline.split(
                sample("3", 0, 1_000, 2), entry(true, 1.4, 1.5, 1_000.4), LoadClient.UNNAMED.endResolutionMs());

        assertEquals(1_000, Arrays.stream(joined.parts()).sum(), 1e-9, "still adds up");
        // 0.6 ms for the framework's instant, 0.5 for the thread's that follows it, 0.4 for the write.
        assertEquals(1.5, joined.clampedMs(), 1e-9);
        assertTrue(Arrays.stream(joined.parts()).allMatch(part -> part >= 0));
    }

    @Test
    void aServerStillSleepingWhenTheClientGaveUpIsNoClockError() {
        Sample timedOut = new Sample(
                T, 1_000, "client: java.net.SocketTimeoutException", "Read timed out", false, 0, 0, 1, 1, "4", null);
        RequestTimeline.Joined joined =
                RequestTimeline.split(timedOut, entry(true, 10, 10, 6_000), LoadClient.UNNAMED.endResolutionMs());

        assertEquals(0, joined.clampedMs(), 1e-9);
        assertEquals(990, joined.parts()[RequestPart.HANDLER.ordinal()], 1e-9, "the handler part ends with the sample");
    }

    @Test
    void theLogIsJoinedByIdWithinEachSamplesTimesAndRepeatedIdsAreNotGuessed() throws IOException {
        Path log = write(List.of(
                line("1", true, 100, 100, 1_100), // a warm-up's request 1, long before the measured one
                line("1", true, 60_000, 60_000, 61_000),
                line("2", true, 60_010, 60_010, 61_010),
                line("2", true, 60_020, 60_020, 61_020))); // two workers' request 2 at once
        List<String> notes = new ArrayList<>();
        RequestTimeline timeline =
                new RequestTimeline(ServerRequestLog.read(log, notes), Sample::responseCode, LoadClient.UNNAMED);
        timeline.accept(sample("1", 60_000, 1_010, 1));
        timeline.accept(sample("2", 60_000, 1_030, 1));
        timeline.accept(sample("3", 60_000, 1_000, 1));
        timeline.accept(new Sample(T, 10, "200", "", true, 1, 1, 1, 0, null, null));
        TimeBreakdown breakdown = timeline.breakdown(1_000);

        assertEquals(1, breakdown.joined());
        assertEquals(1, breakdown.ambiguous());
        assertEquals(1, breakdown.withoutServerRecord());
        assertEquals(1, breakdown.withoutId());
        assertTrue(notes.isEmpty(), notes::toString);
    }

    @Test
    void theBottleneckIsTheLargestPartBeyondWhatThePlanAskedForAndTheHandlerCountsOnlyPastTheSleep()
            throws IOException {
        List<String> lines = new ArrayList<>();
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            // Most requests: the 6 s sleep and little else. The three slowest, the p99's (the 198th) and up: 9 s in
            // the accept queue.
            long queued = i >= 197 ? 9_000 : 10;
            long start = i * 10L;
            lines.add(line(
                    Integer.toString(i), true, start + 1 + queued, start + 1 + queued, start + 1 + queued + 6_000));
            samples.add(sample(Integer.toString(i), start, 1 + queued + 6_000 + 20, 1));
        }
        RequestTimeline timeline = new RequestTimeline(
                ServerRequestLog.read(write(lines), new ArrayList<>()), Sample::responseCode, LoadClient.UNNAMED);
        samples.forEach(timeline);
        TimeBreakdown breakdown = timeline.breakdown(6_000);

        assertEquals(RequestPart.QUEUE_AND_READ, breakdown.bottleneck());
        assertEquals(3, breakdown.slowest().requests());
        assertEquals(9_000, breakdown.slowest().ms(RequestPart.QUEUE_AND_READ), 1e-9);
        assertEquals("accept queue and read, merged (9.0 s of 15.0 s)", breakdown.verdict());
        assertEquals(
                breakdown.median().elapsedMs(),
                Arrays.stream(breakdown.median().partsMs()).sum(),
                1e-6);
        assertTrue(
                breakdown
                        .finding()
                        .startsWith("where the time went: the slowest 1% (3 requests, 15.0 s on average): "
                                + "accept queue and read, merged 9.0 s, handler 6.0 s"),
                breakdown.finding());
    }

    @Test
    void theSlowestOnePercentStartsAtTheP99sRankByJMetersRounding() throws IOException {
        // 60 requests of 101..160 ms. JMeter's p99 is the round(60 x 0.99) = round(59.4) = 59th: 159 ms. The band is
        // the 59th and the 60th, mean 159.5 ms; floor(59.4) as the first index would have left the 60th alone.
        List<String> lines = new ArrayList<>();
        List<Sample> samples = new ArrayList<>();
        for (int i = 1; i <= 60; i++) {
            long start = i * 200L;
            lines.add(line(Integer.toString(i), true, start + 2, start + 2, start + 50));
            samples.add(sample(Integer.toString(i), start, 100 + i, 1));
        }
        RequestTimeline timeline = new RequestTimeline(
                ServerRequestLog.read(write(lines), new ArrayList<>()), Sample::responseCode, LoadClient.UNNAMED);
        samples.forEach(timeline);
        TimeBreakdown breakdown = timeline.breakdown(0);

        assertEquals(60, breakdown.joined());
        assertEquals(2, breakdown.slowest().requests());
        assertEquals(159.5, breakdown.slowest().elapsedMs(), 1e-9);
    }

    @Test
    void requestsThatTookAboutTheSleepNameNoBottleneck() throws IOException {
        RequestTimeline timeline = new RequestTimeline(
                ServerRequestLog.read(write(List.of(line("1", true, 2, 3, 6_003))), new ArrayList<>()),
                Sample::responseCode,
                LoadClient.UNNAMED);
        timeline.accept(sample("1", 0, 6_010, 1));
        TimeBreakdown breakdown = timeline.breakdown(6_000);

        assertNull(breakdown.bottleneck());
        assertEquals("the sleep (6.0 s)", breakdown.verdict());
    }

    @Test
    void withoutTheServersRequestLogThereIsNoBreakdown() {
        RequestTimeline timeline = new RequestTimeline(
                ServerRequestLog.read(dir.resolve("missing.csv"), new ArrayList<>()),
                Sample::responseCode,
                LoadClient.UNNAMED);
        timeline.accept(sample("1", 0, 10, 1));
        assertFalse(timeline.breakdown(6_000).present());
        assertEquals("unknown", TimeBreakdown.NONE.verdict());
    }

    @Test
    void aServerFolderWithTheRequestLogGetsTheBreakdownInItsSummaryAndPage() throws IOException {
        Path server = dir.resolve("server-virtual");
        List<Sample> samples = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long start = T + i * 20L;
            samples.add(new Sample(start, 1_400, "200", "", true, 300, 120, 100, 1, Integer.toString(i), null));
            lines.add(line(Integer.toString(i), true, start - T + 2, start - T + 3, start - T + 1_003));
        }
        JtlFixture.write(server.resolve(RunFolder.SAMPLES_FILE), samples);
        Files.write(server.resolve(RunFolder.REQUESTS_FILE), withHeader(lines));

        ServerSummary summary = ServerSummary.from(
                "server-virtual", server, PlanShape.closed(100, 2, 1, 1_000), RunOutcome.fromWords("ok"));

        assertEquals(100, summary.timeline().joined());
        assertEquals(
                RequestPart.CLIENT, summary.timeline().bottleneck(), "397 ms after the response was written, of 1,400");
        assertTrue(
                summary.validity().findings().stream().anyMatch(f -> f.startsWith("where the time went")),
                summary.validity()::toString);
        assertTrue(
                summary.validity().findings().stream().noneMatch(f -> f.contains("outside the server's handler")),
                "the measured parts replace the p99 gap");
        String page = TimeSection.render(List.of(summary), LoadClient.JMETER);
        assertTrue(
                page.contains("<h2>Where the time went</h2>")
                        && page.contains("server-virtual: client (397 ms of 1.4 s)"),
                page);
    }

    private static Sample sample(String id, long startOffsetMs, long elapsed, long connect) {
        return new Sample(T + startOffsetMs, elapsed, "200", "", true, 300, 120, 1, connect, id, null);
    }

    private static ServerRequestLog.Entry entry(
            boolean first, double receivedMs, double startedMs, double respondedMs) {
        return new ServerRequestLog.Entry(
                first, micros(receivedMs), micros(startedMs), micros(respondedMs), 0, ServerRequestLog.Borrow.NONE);
    }

    private static long micros(double offsetMs) {
        return Math.round((T + offsetMs) * 1000);
    }

    private static String line(String id, boolean first, double receivedMs, double startedMs, double respondedMs) {
        return id + "," + (first ? 1 : 0) + "," + micros(receivedMs) + "," + micros(startedMs) + ","
                + micros(respondedMs);
    }

    private Path write(List<String> lines) throws IOException {
        return Files.write(dir.resolve("requests.csv"), withHeader(lines));
    }

    private static List<String> withHeader(List<String> lines) {
        List<String> all = new ArrayList<>(List.of(RunFixture.REQUEST_LOG_HEADER));
        all.addAll(lines);
        return all;
    }
}
