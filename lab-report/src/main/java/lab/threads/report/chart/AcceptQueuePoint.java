package lab.threads.report.chart;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.model.samples.JsonLinesFile;

/** One second of the listening port's accept queue from kernel.jsonl; null where it could not be read. */
public record AcceptQueuePoint(double second, Long queued, Long backlog) {

    /** Never throws; a missing file (a run before the lab sampled the kernel) gives no points. */
    static List<AcceptQueuePoint> read(Path kernelJsonl, long originMs, List<String> notes) {
        List<AcceptQueuePoint> points = new ArrayList<>();
        JsonLinesFile.read(
                kernelJsonl,
                "no kernel view of the run",
                line -> {
                    if (line.path("sampledAtMs").isNumber()) {
                        points.add(new AcceptQueuePoint(
                                (line.get("sampledAtMs").asLong() - originMs) / 1000.0,
                                line.path("acceptQueue").isNumber()
                                        ? line.get("acceptQueue").asLong()
                                        : null,
                                line.path("backlog").isNumber()
                                        ? line.get("backlog").asLong()
                                        : null));
                    }
                },
                notes);
        return List.copyOf(points);
    }
}
