package lab.threads.report.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load split over two client processes, 20 s long: process 1 writes its record every second, process 2 stops at t
 * = 5 s and comes back at t = 12 s. The merged record has a line every second (process 1's), so only the stalled
 * process's own record can say it stalled, and the report names it.
 */
class SeriesGapsTest {
    private static final long START = 1_800_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void aSplitLoadsProcessWhoseOwnRecordStopsIsNamed() throws IOException {
        everySecondBut(dir.resolve(RunFolder.CLIENT_STATS_FILE), -1, -1);
        everySecondBut(dir.resolve(RunFolder.CLIENT_PROC_FILE), -1, -1);
        everySecondBut(dir.resolve(RunFolder.STATS_FILE), -1, -1);
        everySecondBut(dir.resolve(RunFolder.SERVER_PROC_FILE), -1, -1);
        everySecondBut(processRecord(1), -1, -1);
        everySecondBut(processRecord(2), 5, 12);

        List<String> gaps = SeriesGaps.describe(dir, START, START + 20_000);

        assertEquals(
                List.of("client process 2's own record (client-2/client-stats.jsonl) has no line t = 5-12 s"), gaps);
        assertTrue(SeriesGaps.describeGuest(dir, START, START + 20_000).containsAll(gaps), "a guest's run too");
    }

    @Test
    void aLoadOfOneProcessHasNoProcessRecords() throws IOException {
        everySecondBut(dir.resolve(RunFolder.CLIENT_STATS_FILE), 5, 12);
        everySecondBut(dir.resolve(RunFolder.CLIENT_PROC_FILE), -1, -1);
        everySecondBut(dir.resolve(RunFolder.STATS_FILE), -1, -1);
        everySecondBut(dir.resolve(RunFolder.SERVER_PROC_FILE), -1, -1);

        List<String> gaps = SeriesGaps.describe(dir, START, START + 20_000);

        assertEquals(1, gaps.size(), gaps::toString);
        assertTrue(gaps.getFirst().startsWith("the client's own record (client-stats.jsonl) has no line t = 5-12 s"));
    }

    private Path processRecord(int index) throws IOException {
        return Files.createDirectories(dir.resolve(RunFolder.clientProcessDir(index)))
                .resolve(RunFolder.CLIENT_STATS_FILE);
    }

    /** A line at each second from 0 to 20 but those strictly between {@code from} and {@code to}. */
    private static void everySecondBut(Path jsonl, int from, int to) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int second = 0; second <= 20; second++) {
            if (second > from && second < to) {
                continue;
            }
            lines.add("{\"sampledAtMs\":" + (START + second * 1000L) + "}");
        }
        Files.write(jsonl, lines);
    }
}
