package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.run.RunFolder;

/** The most OS threads and largest RSS among snapshots within a stretch of the load; null where none had it. */
public record StatsWindowPeaks(Long osThreads, Long rssBytes) {

    /** Never throws: a missing or damaged file gives nulls. */
    public static StatsWindowPeaks read(Path statsJsonl, long fromMs, long toMs) {
        long[] peaks = {-1, -1};
        JsonLinesFile.read(
                statsJsonl,
                RunFolder.NO_SERVER_FIGURES,
                snapshot -> {
                    long at = snapshot.path("sampledAtMs").asLong(-1);
                    if (at >= fromMs && at <= toMs) {
                        peaks[0] = Math.max(peaks[0], figure(snapshot, "osThreads"));
                        peaks[1] = Math.max(peaks[1], figure(snapshot, "rssBytes"));
                    }
                },
                new ArrayList<>());
        return new StatsWindowPeaks(peaks[0] < 0 ? null : peaks[0], peaks[1] < 0 ? null : peaks[1]);
    }

    private static long figure(JsonNode snapshot, String name) {
        return snapshot.hasNonNull(name) ? snapshot.get(name).asLong() : -1;
    }
}
