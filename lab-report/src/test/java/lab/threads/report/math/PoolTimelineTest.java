package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import lab.threads.report.raw.ServerRequestLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A request that waited through a pool: its time in the pool and in the call on the connection, apart. */
class PoolTimelineTest {
    private static final long T = JtlFixture.START;

    @TempDir
    Path dir;

    @Test
    void theBorrowAndTheCallAreTheirOwnPartsAndTheSleepIsInTheCall() {
        // Keep-alive; the framework had it at 2 ms, the thread began at 3, asked the pool at 4, had a connection at
        // 804, the query returned at 904, the answer went at 906; the client was done at 910.
        double[] parts = RequestTimeline.split(
                        sample("1", 910, true),
                        entry(2, 3, new double[] {4, 804, 904}, 906),
                        LoadClient.UNNAMED.endResolutionMs())
                .parts();

        assertEquals(2, parts[RequestPart.READ_WAIT.ordinal()], 1e-9);
        assertEquals(1, parts[RequestPart.THREAD_WAIT.ordinal()], 1e-9);
        assertEquals(800, parts[RequestPart.POOL_WAIT.ordinal()], 1e-9);
        assertEquals(100, parts[RequestPart.POOLED_CALL.ordinal()], 1e-9);
        assertEquals(1 + 2, parts[RequestPart.HANDLER.ordinal()], 1e-9, "before the borrow and after the call");
        assertEquals(4, parts[RequestPart.CLIENT.ordinal()], 1e-9);
        assertEquals(910, Arrays.stream(parts).sum(), 1e-9);
    }

    @Test
    void aBorrowThatGotNoConnectionWaitsInThePoolUntilItsAnswer() {
        // The pool's timeout: asked at 4, no connection, the 503 handed over at 304.
        double[] parts = RequestTimeline.split(
                        sample("2", 310, false),
                        entry(2, 3, new double[] {4, 0, 0}, 304),
                        LoadClient.UNNAMED.endResolutionMs())
                .parts();

        assertEquals(300, parts[RequestPart.POOL_WAIT.ordinal()], 1e-9);
        assertEquals(0, parts[RequestPart.POOLED_CALL.ordinal()], 1e-9);
        assertEquals(1, parts[RequestPart.HANDLER.ordinal()], 1e-9);
    }

    @Test
    void thePoolsColumnsAreReadAndAnOlderLogHasNone() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("rid,firstOnConnection,receivedEpochUs,startedEpochUs,respondedEpochUs,waitingSinceEpochUs,"
                + "borrowingEpochUs,borrowedEpochUs,calledEpochUs");
        lines.add("1,0," + micros(2) + "," + micros(3) + "," + micros(906) + ",," + micros(4) + "," + micros(804) + ","
                + micros(904));
        lines.add("2,0," + micros(2) + "," + micros(3) + "," + micros(906) + ",,,,");
        Path file = Files.write(dir.resolve("server-requests.csv"), lines);
        ServerRequestLog log = ServerRequestLog.read(file, new ArrayList<>());

        ServerRequestLog.Entry pooled = log.find("1", T, T + 910, 0).entry();
        assertEquals(new ServerRequestLog.Borrow(micros(4), micros(804), micros(904)), pooled.borrow());
        assertFalse(log.find("2", T, T + 910, 0).entry().borrow().stamped());

        Path older = Files.write(
                dir.resolve("older.csv"),
                List.of(
                        "rid,firstOnConnection,receivedEpochUs,startedEpochUs,respondedEpochUs",
                        "3,0," + micros(2) + "," + micros(3) + "," + micros(906)));
        assertEquals(
                ServerRequestLog.Borrow.NONE,
                ServerRequestLog.read(older, new ArrayList<>())
                        .find("3", T, T + 910, 0)
                        .entry()
                        .borrow());
    }

    @Test
    void theSlowestRequestsHeldBackInThePoolNameThePoolNotTheSleep() throws IOException {
        // 100 requests of a 100 ms query, each 8 s in the pool first.
        List<String> lines = new ArrayList<>(List.of("rid,firstOnConnection,receivedEpochUs,startedEpochUs,"
                + "respondedEpochUs,waitingSinceEpochUs,borrowingEpochUs,borrowedEpochUs,calledEpochUs"));
        for (int i = 0; i < 100; i++) {
            lines.add(i + ",0," + micros(2) + "," + micros(3) + "," + micros(8_106) + ",," + micros(4) + ","
                    + micros(8_004) + "," + micros(8_104));
        }
        ServerRequestLog log =
                ServerRequestLog.read(Files.write(dir.resolve("server-requests.csv"), lines), new ArrayList<>());
        RequestTimeline timeline = new RequestTimeline(log, Sample::responseCode, LoadClient.UNNAMED);
        for (int i = 0; i < 100; i++) {
            timeline.accept(sample(String.valueOf(i), 8_110, true));
        }
        TimeBreakdown time = timeline.breakdown(100);

        assertTrue(time.pooled());
        assertEquals(RequestPart.POOL_WAIT, time.bottleneck(), time::verdict);
        assertEquals(0, time.excessMs(RequestPart.POOLED_CALL), 1e-9, "the 100 ms asked for is the call's");
        assertEquals(8_000, time.slowest().ms(RequestPart.POOL_WAIT), 1e-9);
    }

    private static Sample sample(String id, long elapsed, boolean success) {
        return new Sample(T, elapsed, success ? "200" : "503", "", success, 300, 120, 1, 0, id, null);
    }

    private static ServerRequestLog.Entry entry(
            double receivedMs, double startedMs, double[] borrow, double respondedMs) {
        return new ServerRequestLog.Entry(
                false,
                micros(receivedMs),
                micros(startedMs),
                micros(respondedMs),
                0,
                new ServerRequestLog.Borrow(
                        micros(borrow[0]),
                        borrow[1] == 0 ? 0 : micros(borrow[1]),
                        borrow[2] == 0 ? 0 : micros(borrow[2])));
    }

    private static long micros(double offsetMs) {
        return Math.round((T + offsetMs) * 1000);
    }
}
