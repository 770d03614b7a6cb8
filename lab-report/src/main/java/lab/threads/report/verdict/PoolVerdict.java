package lab.threads.report.verdict;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;
import lab.threads.report.math.PoolWaits;
import lab.threads.report.math.TimeBreakdown;
import lab.threads.report.raw.PoolSeries;
import lab.threads.run.PlanShape;

/**
 * Whether the pool the requests waited through set the run's pace: it did when its connections were lent out nearly all
 * the load ({@value #BUSY}) and requests queued for one. The pool's count and the request log's stamps are checked
 * against each other by Little's law.
 *
 * @param pool        {@code db} or {@code httpPool}
 * @param littleRatio the stamps' summed waits over the pool's own; null when either is too small to compare
 * @param poolCeiling the pool's ceiling, requests a second; 0 without a wait
 * @param database    the database's own view of the connections; null for the HTTP client's pool or without a sampler
 */
public record PoolVerdict(
        String pool,
        String library,
        int connections,
        double busyShare,
        int peakWaiting,
        PoolWaits waits,
        Double littleRatio,
        double poolCeiling,
        double throughput,
        boolean setThePace,
        @JsonInclude(JsonInclude.Include.NON_NULL) DatabaseView database) {

    static final double BUSY = 0.9;
    /** Below this many thread-seconds on either side, the ratio of the two views says nothing. */
    static final double COMPARABLE_SECONDS = 1.0;

    /** @return null when the server reported no pool */
    public static PoolVerdict of(
            PoolSeries series, PoolWaits waits, PlanShape plan, double throughput, DatabaseView database) {
        if (series == null) {
            return null;
        }
        double own = series.waitingSeconds();
        Double ratio = own >= COMPARABLE_SECONDS && waits.waitedSeconds() >= COMPARABLE_SECONDS
                ? waits.waitedSeconds() / own
                : null;
        boolean queued = waits.waited() > 0 || series.peakWaiting() > 0;
        double ceiling = plan.sleepMs() > 0 ? series.size() * 1000.0 / plan.sleepMs() : 0;
        return new PoolVerdict(
                series.pool(),
                series.library(),
                series.size(),
                series.busyShare(),
                series.peakWaiting(),
                waits,
                ratio,
                ceiling,
                throughput,
                series.busyShare() >= BUSY && queued,
                database);
    }

    /** The pool in words: "the database pool (HikariCP)". */
    public String name() {
        return ("db".equals(pool) ? "the database pool (" : "the HTTP client's pool (") + library + ")";
    }

    /** "the database pool (HikariCP) set the pace: its 10 connections were busy 97% of the load; ..." */
    public String words() {
        StringBuilder words = new StringBuilder(name())
                .append(setThePace ? " set the pace: " : " did not set the pace: ")
                .append(String.format(
                        Locale.ROOT,
                        "its %,d connection%s %s busy %.0f%% of the load; ",
                        connections,
                        connections == 1 ? "" : "s",
                        connections == 1 ? "was" : "were",
                        100 * busyShare));
        words.append(
                waits.waited() == 0
                        ? "no request waited for one"
                        : String.format(
                                Locale.ROOT,
                                "%,d request%s waited %s on average for one",
                                waits.waited(),
                                waits.waited() == 1 ? "" : "s",
                                TimeBreakdown.duration(waits.meanWaitMs())));
        if (poolCeiling > 0) {
            words.append(String.format(
                    Locale.ROOT,
                    "; %,.1f req/s against its ceiling of %,.0f (%d connections / the wait)",
                    throughput,
                    poolCeiling,
                    connections));
        }
        return words.toString();
    }

    /** The two views of the queue for a connection, checked, and the database's own count: the evidence. */
    public String check() {
        String pools = poolCheck();
        return database == null ? pools : pools + "; " + database.words();
    }

    private String poolCheck() {
        return littleRatio == null
                ? "too little waiting to check the stamps against the pool's own count of waiting threads"
                : String.format(
                        Locale.ROOT,
                        "the stamps' waits for a connection sum to %,.1f thread-seconds, the pool's own count of waiting "
                                + "threads (Little's law on its once-a-second samples) to %,.1f: ratio %.2f",
                        waits.waitedSeconds(),
                        waits.waitedSeconds() / littleRatio,
                        littleRatio);
    }
}
