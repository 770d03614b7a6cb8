package lab.threads.report.chart;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.run.RunFolder;

/** /stats snapshots as chart points; CPU over the wall time between snapshots, so a late one shows no spike. */
final class StatsTimeline {

    private static final double MIB = 1024.0 * 1024.0;

    private final long originMs;
    private final List<StatsPoint> points = new ArrayList<>();
    private long previousAtMs;
    private Long previousCpuMs;

    private StatsTimeline(long originMs) {
        this.originMs = originMs;
    }

    /** @param originMs the run's first sample start, epoch ms: second 0 */
    static List<StatsPoint> read(Path jsonl, long originMs, List<String> notes) {
        StatsTimeline timeline = new StatsTimeline(originMs);
        JsonLinesFile.read(jsonl, RunFolder.NO_SERVER_FIGURES, timeline::add, notes);
        return List.copyOf(timeline.points);
    }

    private void add(JsonNode snapshot) {
        JsonNode sampledAt = snapshot.get("sampledAtMs");
        if (sampledAt == null || !sampledAt.isNumber()) {
            return; // without a time it has no place on the axis
        }
        long atMs = sampledAt.asLong();
        Long cpuMs = snapshot.hasNonNull("cpuUserMs") && snapshot.hasNonNull("cpuSystemMs")
                ? snapshot.get("cpuUserMs").asLong()
                        + snapshot.get("cpuSystemMs").asLong()
                : null;
        Double cpuPercent = cpuMs != null && previousCpuMs != null && atMs > previousAtMs
                ? 100.0 * (cpuMs - previousCpuMs) / (atMs - previousAtMs)
                : null;
        points.add(new StatsPoint(
                (atMs - originMs) / 1000.0,
                snapshot.hasNonNull("osThreads") ? snapshot.get("osThreads").asLong() : null,
                snapshot.hasNonNull("rssBytes") ? snapshot.get("rssBytes").asLong() / MIB : null,
                cpuPercent,
                snapshot.hasNonNull("inFlight") ? snapshot.get("inFlight").asLong() : null));
        previousAtMs = atMs;
        previousCpuMs = cpuMs;
    }
}
