package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.report.raw.ServerMemorySecond;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InFlightMemoryTest {

    private static final long LOAD_START_MS = 10_000;

    private static ServerMemorySecond second(long at, long inFlight, long rss, long liveHeap, long heapCommitted) {
        return new ServerMemorySecond(at, inFlight, rss, liveHeap, heapCommitted);
    }

    /**
     * By hand: the idle server's footprint is 20 + (300 - 200) = 120; at the peak (100 in flight) the heap committed
     * grew 500 (which does not count), the live heap 1,000 and the resident set outside the heap 2,000 (RSS 2,500 more,
     * of which the heap's 500): 3,000 more, 30 a request. A later second with fewer in flight and a larger resident set
     * is not the peak.
     */
    @Test
    void liveHeapAndResidentSetOutsideTheHeapGrownPerRequestAtThePeak() {
        InFlightMemory memory = InFlightMemory.of(
                List.of(
                        second(LOAD_START_MS - 2_000, 0, 300, 20, 200),
                        second(LOAD_START_MS - 1_000, 0, 310, 25, 200),
                        second(LOAD_START_MS + 1_000, 40, 1_300, 400, 400),
                        second(LOAD_START_MS + 2_000, 100, 2_800, 1_020, 700),
                        second(LOAD_START_MS + 3_000, 60, 9_000, 1_020, 700)),
                LOAD_START_MS,
                100L);

        assertEquals(100, memory.peakInFlight());
        assertEquals(30.0, memory.bytesPerRequest(), 1e-9);
    }

    @Test
    void noneWithoutASecondBeforeTheLoadOrARequestInFlight() {
        ServerMemorySecond loaded = second(LOAD_START_MS + 1_000, 10, 2_000, 500, 700);
        ServerMemorySecond idle = second(LOAD_START_MS - 1_000, 0, 1_000, 100, 500);

        assertNull(InFlightMemory.of(List.of(loaded), LOAD_START_MS, null), "no baseline");
        assertNull(InFlightMemory.of(List.of(idle, second(LOAD_START_MS + 1_000, 0, 1, 1, 1)), LOAD_START_MS, null));
        assertNull(InFlightMemory.of(List.of(idle, loaded), null, null), "no request ran");
    }

    /** A run from before /stats gave the heap committed: its snapshots carry no memory second, and the figure is n/a. */
    @Test
    void anOlderSeriesWithoutTheHeapCommittedGivesNone(@TempDir Path dir) throws IOException {
        Path stats = dir.resolve("server-stats.jsonl");
        Files.writeString(stats, """
                {"sampledAtMs":9000,"inFlight":0,"rssBytes":1000,"heapAfterGcBytes":100}
                {"sampledAtMs":11000,"inFlight":10,"rssBytes":2000,"heapAfterGcBytes":500}
                """);

        List<ServerMemorySecond> seconds = ServerMemorySecond.read(stats);

        assertEquals(List.of(), seconds);
        assertNull(InFlightMemory.of(seconds, LOAD_START_MS, null));
    }

    /**
     * An idle server that has not collected yet has no heap after a collection: its heap in use stands for the live
     * heap, all of it counted. By hand: idle 150 + (1,000 - 500) = 650; at the peak 400 + (2,000 - 700) = 1,700:
     * 1,050 more for 10 in flight, 105 a request.
     */
    @Test
    void beforeTheFirstCollectionTheHeapInUseIsTheLiveHeap(@TempDir Path dir) throws IOException {
        Path stats = dir.resolve("server-stats.jsonl");
        Files.writeString(stats, """
                {"sampledAtMs":9000,"inFlight":0,"rssBytes":1000,"heapUsedBytes":150,"heapCommittedBytes":500}
                {"sampledAtMs":11000,"inFlight":10,"rssBytes":2000,"heapUsedBytes":900,"heapAfterGcBytes":400,\
                "heapCommittedBytes":700}
                """);

        InFlightMemory memory = InFlightMemory.of(ServerMemorySecond.read(stats), LOAD_START_MS, null);

        assertEquals(10, memory.peakInFlight());
        assertEquals(105.0, memory.bytesPerRequest(), 1e-9);
    }

    /**
     * A pool server whose /stats went unanswered through its load: the first reading after the gap holds 1,110 in
     * flight while the server had counted 12,000 at once, so the memory then is not the peak's.
     */
    @Test
    void noneWhenThePeakReadingHoldsUnderHalfTheServersOwnPeak() {
        ServerMemorySecond idle = second(LOAD_START_MS - 1_000, 0, 1_000, 100, 500);
        ServerMemorySecond afterTheGap =
                second(LOAD_START_MS + 62_000, 1_110, 1_300_000_000, 370_000_000, 1_400_000_000);
        ServerMemorySecond nearItsPeak =
                second(LOAD_START_MS + 62_000, 6_000, 1_300_000_000, 370_000_000, 1_400_000_000);

        assertNull(InFlightMemory.of(List.of(idle, afterTheGap), LOAD_START_MS, 12_000L));
        assertEquals(
                6_000,
                InFlightMemory.of(List.of(idle, nearItsPeak), LOAD_START_MS, 12_000L)
                        .peakInFlight());
    }

    /**
     * compose's smoke run: 50 in flight, and the idle server's heap in use before its first collection (36 MB, garbage
     * of its start among it) is more than the live heap after one: the footprint shrank, and a negative cost a request
     * is no figure.
     */
    @Test
    void noneWhenTheFootprintDidNotGrow() {
        ServerMemorySecond idle = second(LOAD_START_MS - 1_000, 0, 200_000_000, 36_000_000, 1_000_000_000);
        ServerMemorySecond loaded = second(LOAD_START_MS + 1_000, 50, 200_500_000, 6_000_000, 1_000_000_000);

        assertNull(InFlightMemory.of(List.of(idle, loaded), LOAD_START_MS, null));
    }
}
