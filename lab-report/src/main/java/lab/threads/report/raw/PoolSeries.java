package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.model.samples.JsonLinesFile;

/**
 * The pool library's own count of its connections, once a second from the server's {@code /stats}: its size, those lent
 * out, the threads waiting. Taken apart from the request log's stamps, so each can check the other.
 *
 * @param library the pool's library as the server's settings name it, or the one every server used before they named it
 */
public record PoolSeries(String pool, String library, List<Point> samples) {
    public record Point(long sampledAtMs, int max, int active, int waiting) {}

    /**
     * A pool /stats may report, its library's names for connections lent and threads waiting, and its default library.
     */
    private record Names(String pool, String active, String waiting, String unnamedLibrary) {}

    private static final List<Names> POOLS = List.of(
            new Names("db", "active", "threadsAwaitingConnection", "HikariCP"),
            new Names("httpPool", "leased", "pending", "HttpClient 5"));

    /** The samples within the load of the first pool any request used; null without one. */
    public static PoolSeries read(Path statsFile, long fromMs, long toMs) {
        return POOLS.stream()
                .map(pool -> read(statsFile, pool, fromMs, toMs))
                .filter(series -> series != null && series.samples().stream().anyMatch(point -> point.active() > 0))
                .findFirst()
                .orElse(null);
    }

    /** The samples of one pool; null when the server reported no such pool. */
    private static PoolSeries read(Path statsFile, Names pool, long fromMs, long toMs) {
        List<Point> points = new ArrayList<>();
        String[] library = {pool.unnamedLibrary()};
        JsonLinesFile.read(
                statsFile,
                "no pool series",
                line -> {
                    library[0] = line.path("settings")
                            .path("pools")
                            .path(pool.pool())
                            .path("library")
                            .asText(library[0]);
                    JsonNode counts = line.path("pools").path(pool.pool());
                    long at = line.path("sampledAtMs").asLong(0);
                    if (counts.path("max").isNumber() && at >= fromMs && at <= toMs) {
                        points.add(new Point(
                                at,
                                counts.get("max").asInt(),
                                counts.path(pool.active()).asInt(),
                                counts.path(pool.waiting()).asInt()));
                    }
                },
                new ArrayList<>());
        return points.isEmpty() ? null : new PoolSeries(pool.pool(), library[0], List.copyOf(points));
    }

    public int size() {
        return samples.getLast().max();
    }

    /** The mean share of its connections lent out, 0-1. */
    public double busyShare() {
        return samples.stream()
                .mapToDouble(point -> point.max() == 0 ? 0 : (double) point.active() / point.max())
                .average()
                .orElse(0);
    }

    public int peakWaiting() {
        return samples.stream().mapToInt(Point::waiting).max().orElse(0);
    }

    /** The area under the waiting threads, thread-seconds: by Little's law the sum of every wait for a connection. */
    public double waitingSeconds() {
        return AcceptQueueArea.trapezoids(samples.stream()
                .map(point -> new long[] {point.sampledAtMs(), point.waiting()})
                .toList());
    }
}
