package lab.threads.model.summary;

import java.util.Arrays;

/** Elapsed percentiles in ms as JMeter's Aggregate Report shows them: nearest rank over all samples. */
public record Percentiles(long p50, long p90, long p95, long p99, long p999) {

    public static final Percentiles NONE = new Percentiles(0, 0, 0, 0, 0);

    /** Sorts {@code elapsed} in place: it is the caller's own copy, and a second 240,000-long array is not needed. */
    public static Percentiles ofUnsorted(long[] elapsed) {
        Arrays.sort(elapsed);
        return new Percentiles(
                // The Aggregate Report asks for the median with the double 0.5 ...
                nearestRank(elapsed, 0.5),
                // ... and for the others with Float.parseFloat("90") / 100, widened to double: 0.9f is
                // 0.89999997615814, which rounds some ranks down where 0.9 would round them up. Match it.
                nearestRank(elapsed, 90f / 100),
                nearestRank(elapsed, 95f / 100),
                nearestRank(elapsed, 99f / 100),
                nearestRank(elapsed, 99.9f / 100));
    }

    /** JMeter's rule: the smallest value whose rank reaches {@code round(count x fraction)}; 0 when empty. */
    private static long nearestRank(long[] sorted, double fraction) {
        if (sorted.length == 0) {
            return 0;
        }
        if (fraction >= 1.0) {
            return sorted[sorted.length - 1];
        }
        long rank = Math.round(sorted.length * fraction);
        return sorted[(int) Math.max(rank, 1) - 1];
    }
}
