package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.Sample;
import lab.threads.report.JtlFixture;
import lab.threads.report.ReportWriter;
import lab.threads.report.RunFixture;
import lab.threads.report.page.TimeSection;
import lab.threads.report.raw.AcceptQueueArea;
import lab.threads.report.raw.ServerRequestLog;
import lab.threads.report.runs.RunFiles;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The accept stamp in the timeline: the kernel's accept queue apart from the wait to be read, first and keep-alive
 * requests apart, the requests never answered beside the slowest 1%, the check against the kernel's Recv-Q, and the
 * runs from before the stamp, which still read and say what was not measured.
 */
class AcceptStampTimelineTest {
    private static final long T = JtlFixture.START;
    private static final String HEADER = RunFixture.REQUEST_LOG_HEADER + ",waitingSinceEpochUs";

    @TempDir
    Path dir;

    @Test
    void aStampedAcceptSplitsTheKernelQueueFromTheWaitToBeRead() {
        // Connected at 5 ms, accepted at 1,505, read at 2,005, thread at 2,105, written at 8,105, JMeter done 8,300.
        RequestTimeline.Joined joined = RequestTimeline.split(
                sample("1", 0, 8_300, 5),
                new ServerRequestLog.Entry(
                        true, us(2_005), us(2_105), us(8_105), us(1_505), ServerRequestLog.Borrow.NONE),
                LoadClient.UNNAMED.endResolutionMs());
        double[] parts = joined.parts();

        assertEquals(5, parts[RequestPart.CONNECT.ordinal()], 1e-9);
        assertEquals(1_500, parts[RequestPart.KERNEL_QUEUE.ordinal()], 1e-9);
        assertEquals(0, parts[RequestPart.QUEUE_AND_READ.ordinal()], 1e-9, "measured apart, nothing merged");
        assertEquals(500, parts[RequestPart.READ_WAIT.ordinal()], 1e-9);
        assertEquals(100, parts[RequestPart.THREAD_WAIT.ordinal()], 1e-9);
        assertEquals(6_000, parts[RequestPart.HANDLER.ordinal()], 1e-9);
        assertEquals(195, parts[RequestPart.CLIENT.ordinal()], 1e-9);
        assertEquals(8_300, Arrays.stream(parts).sum(), 1e-9);
        assertEquals(0, joined.clampedMs(), 1e-9);
    }

    @Test
    void instantsOutOfOrderBeyondTheClocksResolutionSayWhichSideStampedLate() {
        // JMeter noted its connect end 30 ms after the server had accepted; the server stamped its write 20 ms after
        // JMeter's end.
        RequestTimeline.Joined joined = RequestTimeline.split(
                sample("5", 0, 1_000, 40),
                new ServerRequestLog.Entry(true, us(50), us(50), us(1_020), us(10), ServerRequestLog.Borrow.NONE),
                LoadClient.UNNAMED.endResolutionMs());

        assertTrue(joined.serverEarly() && joined.serverLate());
        assertEquals(50, joined.clampedMs(), 1e-9);
        assertEquals(1_000, Arrays.stream(joined.parts()).sum(), 1e-9, "still adds up");
        assertFalse(
                RequestTimeline.split(
                                sample("6", 0, 1_000, 1),
                                new ServerRequestLog.Entry(
                                        true, us(2), us(2), us(1_000.5), us(0.6), ServerRequestLog.Borrow.NONE),
                                LoadClient.UNNAMED.endResolutionMs())
                        .serverLate(),
                "half a ms is JMeter's resolution");
    }

    @Test
    void aKeepAliveRequestWaitsToBeReadFromJMetersStartNotFromThePreviousResponse() {
        // The previous response ended 40 ms before JMeter's start: that was the client's turn, not this request's.
        double[] parts = RequestTimeline.split(
                        sample("2", 0, 6_400, 0),
                        new ServerRequestLog.Entry(
                                false, us(300), us(300), us(6_300), us(-40), ServerRequestLog.Borrow.NONE),
                        LoadClient.UNNAMED.endResolutionMs())
                .parts();

        assertEquals(0, parts[RequestPart.KERNEL_QUEUE.ordinal()], 1e-9);
        assertEquals(300, parts[RequestPart.READ_WAIT.ordinal()], 1e-9);
        assertEquals(6_400, Arrays.stream(parts).sum(), 1e-9);
    }

    @Test
    void firstAndKeepAliveRequestsHaveBandsOfTheirOwnAndTheNeverAnsweredStandBesideTheSlowest() throws IOException {
        List<String> lines = new ArrayList<>();
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            boolean first = i % 2 == 0;
            long start = i * 10L;
            // First requests: 3 s in the kernel's queue, then read at once; keep-alive ones: 1 s to be read.
            long accept = start + 1 + (first ? 3_000 : 0);
            long read = first ? accept : start + 1_000;
            lines.add(String.join(
                    ",",
                    Integer.toString(i),
                    first ? "1" : "0",
                    Long.toString(us(read)),
                    Long.toString(us(read)),
                    Long.toString(us(read + 1_000)),
                    first ? Long.toString(us(accept)) : Long.toString(us(start - 5))));
            samples.add(sample(Integer.toString(i), start, read - start + 1_000 + 2, first ? 1 : 0));
        }
        RequestTimeline timeline = new RequestTimeline(
                ServerRequestLog.read(write(lines), new ArrayList<>()),
                sample -> "client: java.net.SocketTimeoutException",
                LoadClient.UNNAMED);
        samples.forEach(timeline);
        for (int i = 0; i < 5; i++) {
            timeline.accept(new Sample(T, 60_000, "Non HTTP response code: x", "", false, 0, 0, 1, 1, "x" + i, null));
        }
        TimeBreakdown time = timeline.breakdown(1_000);

        assertEquals(100, time.accepts().firstRequests());
        assertEquals(100, time.accepts().stamped());
        assertEquals(300, time.accepts().kernelQueueSeconds(), 1e-6, "100 connections x 3 s");
        assertEquals(3_000, time.first().median().ms(RequestPart.KERNEL_QUEUE), 1e-6);
        assertEquals(0, time.first().median().ms(RequestPart.READ_WAIT), 1e-6);
        assertEquals(0, time.keptAlive().slowest().ms(RequestPart.KERNEL_QUEUE), 1e-6);
        assertEquals(1_000, time.keptAlive().median().ms(RequestPart.READ_WAIT), 1e-6);
        assertEquals(5, time.withoutServerRecord());
        assertEquals(5L, time.unansweredByCause().get("client: java.net.SocketTimeoutException"));
        assertTrue(
                time.verdict().startsWith("kernel accept queue (3.0 s of 4.0 s); 5 never answered (client: "),
                time.verdict());
        assertTrue(
                time.finding().contains("first requests on their connection: median (4.0 s) kernel accept queue 3.0 s"),
                time.finding());
        assertTrue(
                time.finding().contains("keep-alive requests: median (2.0 s) waiting to be read 1.0 s, handler 1.0 s"),
                time.finding());
    }

    @Test
    void theKernelAcceptQueuePartsAreCheckedAgainstTheAreaUnderRecvQ() throws IOException {
        // 10 s at 30 queued, sampled 10 times a second: 300 connection-seconds.
        Path frequent = recvQ("accept-queue.jsonl", 100, 30);
        AcceptQueueArea area = AcceptQueueArea.read(frequent, dir.resolve("kernel.jsonl"), new ArrayList<>());
        assertEquals(297, area.connectionSeconds(), 1e-6, "trapezoids: 10 s at 30 less the two ramps");
        assertEquals(10, area.samplesPerSecond(), 1e-6);

        TimeBreakdown agreeing = withKernelQueueSeconds(320);
        AcceptQueueCheck check = AcceptQueueCheck.of(agreeing, area);
        assertTrue(check.agree(), check::words);
        assertEquals(320 / 297.0, check.ratio(), 1e-9);

        AcceptQueueCheck twice = AcceptQueueCheck.of(withKernelQueueSeconds(600), area);
        assertFalse(twice.agree(), twice::words);
        assertTrue(twice.words().contains("DISAGREE beyond 20%"), twice::words);

        // A run that queued next to nothing (1 s at one: 0.9 connection-seconds): both under the 2 connection-seconds
        // judged, a ratio of 0.44 is not "within 20%", and nothing is flagged either.
        AcceptQueueArea tinyArea = AcceptQueueArea.read(
                recvQ("tiny-accept-queue.jsonl", 10, 1), dir.resolve("kernel.jsonl"), new ArrayList<>());
        AcceptQueueCheck tiny = AcceptQueueCheck.of(withKernelQueueSeconds(0.4), tinyArea);
        assertTrue(tiny.agree(), tiny::words);
        assertFalse(tiny.words().contains("within 20%"), tiny::words);
        assertTrue(tiny.words().contains("too little queued to judge"), tiny::words);
        // The same rule whichever side holds more: 1.95 against 0.9 (a ratio of 2.2, a gap above one
        // connection-second) is as little as 0.4 against 0.9, not a disagreement.
        AcceptQueueCheck tinyTheOtherWay = AcceptQueueCheck.of(withKernelQueueSeconds(1.95), tinyArea);
        assertTrue(tinyTheOtherWay.agree(), tinyTheOtherWay::words);
        assertTrue(tinyTheOtherWay.words().contains("too little queued to judge"), tinyTheOtherWay::words);

        AcceptQueueCheck unstamped = AcceptQueueCheck.of(
                new TimeBreakdown(1, 0, 0, 0, band(), band(), 0, null, null, null, null, null, null, 0, null), area);
        assertNull(unstamped.agree());
        assertTrue(unstamped.words().startsWith("Kernel accept queue not measured"), unstamped::words);
    }

    /** Recv-Q sampled every 100 ms: {@code samples} intervals at {@code queued}, 0 at either end. */
    private Path recvQ(String name, int samples, int queued) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(
                file,
                IntStream.rangeClosed(0, samples)
                        .mapToObj(i -> String.format(
                                "{\"sampledAtMs\":%d,\"acceptQueue\":%d}",
                                T + i * 100L, i == 0 || i == samples ? 0 : queued))
                        .collect(Collectors.joining("\n", "", "\n")));
        return file;
    }

    /** A run from before the stamp: five columns in server-requests.csv, kernel.jsonl once a second, the old summary.json. */
    @Test
    void aRunFromBeforeTheStampStillReadsWithTheNewPartsMarkedNotMeasured() throws IOException {
        Path runDir = dir.resolve("old-run");
        RunReport report = RunFixture.threeServers(runDir);
        ServerSummary server = report.servers().getFirst();

        assertTrue(server.timeline().present());
        assertFalse(server.timeline().acceptMeasured());
        assertEquals(0, server.timeline().slowest().ms(RequestPart.KERNEL_QUEUE), 1e-9);
        assertTrue(server.timeline().kernelCheck().words().startsWith("Kernel accept queue not measured"));
        assertTrue(server.timeline().finding().contains("No accept was stamped"), server.timeline()::finding);
        String page = TimeSection.render(report.servers(), LoadClient.JMETER);
        assertTrue(page.contains("Kernel accept queue not measured"), page);

        // Its summary.json as the report wrote it before: six parts, "accept queue" the merged one, no bands of kinds.
        ReportWriter.writeAll(report, runDir);
        Path json = runDir.resolve(RunFolder.SUMMARY_JSON_FILE);
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode summary = (ObjectNode) mapper.readTree(json.toFile());
        ObjectNode timeline = (ObjectNode) summary.withArray("servers").get(0).get("timeline");
        for (String kind : List.of("first", "keptAlive", "unansweredByCause", "accepts", "outOfOrder", "kernelCheck")) {
            timeline.remove(kind);
        }
        for (String band : List.of("median", "slowest")) {
            ArrayNode parts = ((ObjectNode) timeline.get(band)).putArray("partsMs");
            List.of(1.0, 2_000.0, 3.0, 4.0, 6_000.0, 5.0).forEach(parts::add);
        }
        mapper.writeValue(json.toFile(), summary);

        TimeBreakdown old = RunFiles.summary(runDir).servers().getFirst().timeline();
        assertEquals(
                2_000, old.slowest().ms(RequestPart.QUEUE_AND_READ), 1e-9, "the old accept queue was the merged part");
        assertEquals(0, old.slowest().ms(RequestPart.KERNEL_QUEUE), 1e-9);
        assertEquals(5, old.slowest().ms(RequestPart.CLIENT), 1e-9);
        assertFalse(old.acceptMeasured());
        assertEquals(RequestPart.QUEUE_AND_READ, old.bottleneck());
    }

    private static TimeBreakdown withKernelQueueSeconds(double seconds) {
        return new TimeBreakdown(
                100,
                0,
                0,
                0,
                band(),
                band(),
                0,
                null,
                null,
                null,
                new TimeBreakdown.Accepts(100, 100, seconds),
                null,
                null,
                0,
                null);
    }

    private static TimeBreakdown.Band band() {
        return new TimeBreakdown.Band(1, 1, new double[RequestPart.values().length], 0);
    }

    private Path write(List<String> lines) throws IOException {
        List<String> all = new ArrayList<>(List.of(HEADER));
        all.addAll(lines);
        return Files.write(dir.resolve("requests.csv"), all);
    }

    private static Sample sample(String id, long startOffsetMs, long elapsed, long connect) {
        return new Sample(T + startOffsetMs, elapsed, "200", "", true, 300, 120, 1, connect, id, null);
    }

    private static long us(double offsetMs) {
        return Math.round((T + offsetMs) * 1000);
    }
}
