package lab.threads.model.summary;

import java.util.Arrays;

/** Elapsed percentiles in ms as JMeter's Aggregate Report shows them: nearest rank over all samples. */
public record Percentiles(long p50, long p90, long p95, long p99, long p999) {

    public static final Percentiles NONE = new Percentiles(0, 0, 0, 0, 0);

    // The Aggregate Report asks for the median with the double 0.5 and for the others with Float.parseFloat("90") /
    // 100, widened to double: 0.9f is 0.89999997615814, which rounds some ranks down where 0.9 would round them up.
    private static final double P50 = 0.5;
    private static final double P90 = 90f / 100;
    private static final double P95 = 95f / 100;
    private static final double P99 = 99f / 100;
    private static final double P999 = 99.9f / 100;

    /** Sorts {@code elapsed} in place: it is the caller's own copy, and a second 240,000-long array is not needed. */
    public static Percentiles ofUnsorted(long[] elapsed) {
        Arrays.sort(elapsed);
        return new Percentiles(
                nearestRank(elapsed, P50),
                nearestRank(elapsed, P90),
                nearestRank(elapsed, P95),
                nearestRank(elapsed, P99),
                nearestRank(elapsed, P999));
    }

    /**
     * The rank (1-based, smallest first) of the sample {@link #ofUnsorted} reports as the p99 of {@code count}
     * samples; 0 when there are none. Whatever picks "the slowest 1%" starts there, so the band holds exactly the
     * samples at or above the p99 printed beside it.
     */
    public static int p99Rank(int count) {
        return rank(count, P99);
    }

    /** JMeter's rule: the smallest value whose rank reaches {@code round(count x fraction)}; 0 when empty. */
    private static long nearestRank(long[] sorted, double fraction) {
        return sorted.length == 0 ? 0 : sorted[rank(sorted.length, fraction) - 1];
    }

    private static int rank(int count, double fraction) {
        return count == 0 ? 0 : (int) Math.max(Math.round(count * fraction), 1);
    }
}
