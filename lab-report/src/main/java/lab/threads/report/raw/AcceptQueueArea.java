package lab.threads.report.raw;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.model.samples.JsonLinesFile;

/**
 * The area under a listener's accept queue over the run, in connection-seconds: by Little's law the sum of every
 * connection's wait in it. Trapezoids over the runner's 10-a-second {@code accept-queue.jsonl}, or over {@code
 * kernel.jsonl} (once a second) for a run made before it.
 */
public record AcceptQueueArea(double connectionSeconds, int samples, double samplesPerSecond, String file) {

    /** @return null when neither file has a queue length */
    public static AcceptQueueArea read(Path frequent, Path everySecond, List<String> notes) {
        Path file = Files.exists(frequent) ? frequent : everySecond;
        if (!Files.exists(file)) {
            return null;
        }
        List<long[]> points = new ArrayList<>();
        JsonLinesFile.read(
                file,
                "no accept-queue series",
                line -> {
                    if (line.path("acceptQueue").isNumber()
                            && line.path("sampledAtMs").isNumber()) {
                        points.add(new long[] {
                            line.get("sampledAtMs").asLong(),
                            line.get("acceptQueue").asLong()
                        });
                    }
                },
                notes);
        if (points.size() < 2) {
            return null;
        }
        points.sort((a, b) -> Long.compare(a[0], b[0]));
        double area = trapezoids(points);
        double span = (points.getLast()[0] - points.getFirst()[0]) / 1000.0;
        return new AcceptQueueArea(
                area,
                points.size(),
                span > 0 ? (points.size() - 1) / span : 0,
                file.getFileName().toString());
    }

    /** The area under {@code {epoch ms, value}} points by trapezoids: by Little's law, the sum of every wait. */
    static double trapezoids(List<long[]> points) {
        double area = 0;
        for (int i = 1; i < points.size(); i++) {
            long[] before = points.get(i - 1);
            long[] after = points.get(i);
            area += (after[0] - before[0]) / 1000.0 * (before[1] + after[1]) / 2.0;
        }
        return area;
    }
}
