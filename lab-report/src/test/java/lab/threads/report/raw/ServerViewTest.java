package lab.threads.report.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import lab.threads.run.RunFolder;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server's own latency over the run's window: last cumulative histogram minus the first. */
class ServerViewTest {

    @TempDir
    Path dir;

    @Test
    void theRunsWindowLeavesOutWhatTheServerServedBefore() throws IOException {
        Histogram cumulative = new Histogram(3_600_000_000L, 3);
        for (int i = 0; i < 1_000; i++) {
            cumulative.recordValue(50_000_000); // a warm-up of 50 s requests, before the first snapshot
        }
        String before = line(cumulative);
        for (int i = 1; i <= 1_000; i++) {
            cumulative.recordValue(6_000_000 + i * 10L); // the run: 6.00001 .. 6.01 s
        }
        Path stats = dir.resolve(RunFolder.STATS_FILE);
        Files.writeString(stats, before + "\n{\"sampledAtMs\":1}\n" + line(cumulative) + "\n");

        List<String> notes = new ArrayList<>();
        ServerView view = ServerView.read(stats, null, notes);

        assertEquals(List.of(), notes);
        assertEquals(1_000, view.count());
        assertEquals(6_005, view.p50Ms(), 6); // 3 significant digits: within 0.1%
        assertEquals(6_010, view.maxMs(), 6);
        assertTrue(view.p99Ms() >= view.p90Ms() && view.p999Ms() >= view.p99Ms() && view.maxMs() >= view.p999Ms());
        assertEquals("handler has the request", view.from());
    }

    @Test
    void aClientsOwnWarmUpIsLeftOutFromTheLastSnapshotBeforeItsFirstRecordedRequest() throws IOException {
        Histogram cumulative = new Histogram(3_600_000_000L, 3);
        String beforeLoad = line(cumulative, 1_000);
        for (int i = 0; i < 500; i++) {
            cumulative.recordValue(90_000); // the client's unrecorded warm-up: 90 ms, a cold JIT
        }
        String afterWarmUp = line(cumulative, 2_000);
        for (int i = 1; i <= 1_000; i++) {
            cumulative.recordValue(1_000 + i); // the measured requests: 1.001 .. 2 ms
        }
        Path stats = dir.resolve(RunFolder.STATS_FILE);
        Files.writeString(stats, beforeLoad + "\n" + afterWarmUp + "\n" + line(cumulative, 3_000) + "\n");

        List<String> notes = new ArrayList<>();
        ServerView measured = ServerView.read(stats, 2_500L, notes);
        ServerView wholeLoad = ServerView.read(stats, null, notes);

        assertEquals(1_000, measured.count());
        assertEquals(2.0, measured.maxMs(), 0.01);
        // Without the first request's start, the window is the runner's: the warm-up's 500 are in it.
        assertEquals(1_500, wholeLoad.count());
        assertEquals(90.0, wholeLoad.p99Ms(), 0.1);
    }

    @Test
    void aServerWithoutTimingGivesNoViewAndSaysSo() throws IOException {
        Path stats = dir.resolve(RunFolder.STATS_FILE);
        Files.writeString(stats, "{\"sampledAtMs\":1,\"osThreads\":20}\n");
        List<String> notes = new ArrayList<>();
        assertNull(ServerView.read(stats, null, notes));
        assertEquals(List.of("server-stats.jsonl has no serverTiming: no server-side latency for this run"), notes);
    }

    private static String line(Histogram histogram) {
        return line(histogram, 1);
    }

    private static String line(Histogram histogram, long sampledAtMs) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        String encoded = Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
        return "{\"sampledAtMs\":" + sampledAtMs
                + ",\"serverTiming\":{\"from\":\"handler has the request\",\"to\":\"response handed over\","
                + "\"count\":" + histogram.getTotalCount() + ",\"histogram\":\"" + encoded + "\"}}";
    }
}
