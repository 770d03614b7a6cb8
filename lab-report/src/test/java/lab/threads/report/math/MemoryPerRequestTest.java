package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.threads.report.raw.MemoryPlateaus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryPerRequestTest {

    private static MemoryPlateaus.Plateau reading(int step, int held, Map<String, Long> parts) {
        return new MemoryPlateaus.Plateau(step, held, parts);
    }

    /**
     * Readings made up so that each part's slope is known by hand: the resident set grows 50,000 bytes a request, the
     * part no tool covers 5,000 (a tenth of it), the heap 30,000 with a reading that sits 1,000,000 above its line.
     */
    @Test
    void eachPartsSlopeAgainstTheRequestsHeld() {
        MemoryPerRequest memory = MemoryPerRequest.of(new MemoryPlateaus(List.of(
                reading(
                        0,
                        0,
                        Map.of("rssBytes", 100_000_000L, "rssUnaccountedBytes", 10_000_000L, "heapLiveBytes", 0L)),
                reading(1, 1000, Map.of("rssBytes", 150_000_000L, "rssUnaccountedBytes", 15_000_000L)),
                reading(
                        2,
                        2000,
                        Map.of(
                                "rssBytes",
                                200_000_000L,
                                "rssUnaccountedBytes",
                                20_000_000L,
                                "heapLiveBytes",
                                61_000_000L)),
                reading(
                        3,
                        4000,
                        Map.of("rssBytes", 300_000_000L, "rssUnaccountedBytes", 30_000_000L, "onlyOnce", 7L)))));

        assertEquals(4, memory.plateaus());
        assertEquals(4000, memory.peakHeld());
        assertEquals(50_000, memory.byPart().get("rssBytes").bytesPerRequest(), 1e-6);
        assertEquals(1, memory.byPart().get("rssBytes").rSquared(), 1e-12);
        assertEquals(4, memory.byPart().get("rssBytes").readings());
        assertEquals(0.1, memory.unaccountedShare(), 1e-12);
        assertEquals(50_000, memory.residentBytesPerRequest(), 1e-6);
        // The heap, read at two plateaus only: the line through both.
        assertEquals(30_500, memory.byPart().get("heapLiveBytes").bytesPerRequest(), 1e-6);
        assertEquals(2, memory.byPart().get("heapLiveBytes").readings());
        assertFalse(memory.byPart().containsKey("onlyOnce"), "one reading has no slope");
    }

    @Test
    void noReadingsNoFigure() {
        assertNull(MemoryPerRequest.of(null));
        assertNull(MemoryPerRequest.of(new MemoryPlateaus(
                List.of(reading(0, 0, Map.of("rssBytes", 1L)), reading(1, 0, Map.of("rssBytes", 2L))))));
    }

    @Test
    void readsTheRunnersLinesAndSkipsWhatIsNotAReading(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("memory.jsonl");
        Files.writeString(file, """
                {"step":0,"heldExpected":0,"variant":"server-pool","inFlight":0,"forcedGc":true,"parts":{"rssBytes":1000,"heapLiveBytes":400},"absent":{"platformThreadStackCommittedBytes":"off"}}
                not json
                {"step":1,"heldExpected":100,"inFlight":98,"parts":{"rssBytes":3000,"heapLiveBytes":600}}
                """);
        List<String> notes = new ArrayList<>();

        MemoryPlateaus read = MemoryPlateaus.read(file, notes);

        assertEquals(2, read.plateaus().size());
        assertEquals(98, read.plateaus().get(1).inFlight());
        assertEquals(
                Map.of("rssBytes", 3000L, "heapLiveBytes", 600L),
                read.plateaus().get(1).parts());
        assertEquals(1, notes.size(), notes::toString);
        assertNull(MemoryPlateaus.read(dir.resolve("absent.jsonl"), notes));
    }
}
