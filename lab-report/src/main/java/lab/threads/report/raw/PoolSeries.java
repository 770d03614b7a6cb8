package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The pool's own count of its connections, once a second, from the server's {@code /stats} ({@code
 * server-stats.jsonl}): how many it may hold, how many were lent out and how many threads waited for one. It is the
 * pool library's view (HikariCP's, or HttpClient's connection manager's), taken apart from the request log's stamps,
 * so each can check the other.
 *
 * @param pool    which pool: {@code db} or {@code httpPool}
 * @param samples the samples inside the load, in time order
 */
public record PoolSeries(String pool, List<Point> samples) {

    /**
     * @param max     the connections the pool may hold
     * @param active  lent out at the sample
     * @param waiting threads waiting for one at the sample
     */
    public record Point(long sampledAtMs, int max, int active, int waiting) {}

    /**
     * The pools a server may report under /stats' {@code pools}, in the order looked for, with each library's names
     * for its connections lent out and its waiting threads: HikariCP's and HttpClient 5's {@code PoolStats}.
     */
    private record Names(String pool, String active, String waiting) {}

    private static final List<Names> POOLS =
            List.of(new Names("db", "active", "threadsAwaitingConnection"), new Names("httpPool", "leased", "pending"));

    /**
     * The samples of the first pool the server reported in /stats' {@code pools} from {@code fromMs} to {@code toMs}
     * that any request used; null when it reported none (a run of sleeps, or a server from before pools).
     */
    public static PoolSeries read(Path statsFile, long fromMs, long toMs) {
        for (Names pool : POOLS) {
            PoolSeries series = read(statsFile, pool, fromMs, toMs);
            if (series != null && series.samples().stream().anyMatch(point -> point.active() > 0)) {
                return series;
            }
        }
        return null;
    }

    /** The samples of one pool; null when the server reported no such pool. */
    private static PoolSeries read(Path statsFile, Names pool, long fromMs, long toMs) {
        List<Point> points = new ArrayList<>();
        JsonLinesFile.read(
                statsFile,
                "no pool series",
                line -> {
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
        return points.isEmpty() ? null : new PoolSeries(pool.pool(), List.copyOf(points));
    }

    /** The connections the pool may hold, as last reported. */
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

    /** The most threads seen waiting for a connection at once. */
    public int peakWaiting() {
        return samples.stream().mapToInt(Point::waiting).max().orElse(0);
    }

    /**
     * The area under the waiting threads, thread-seconds (trapezoids between samples): by Little's law the sum of every
     * wait for a connection in that span, which the request log's stamps sum too.
     */
    public double waitingSeconds() {
        return AcceptQueueArea.trapezoids(samples.stream()
                .map(point -> new long[] {point.sampledAtMs(), point.waiting()})
                .toList());
    }
}
