package lab.threads.report.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import lab.threads.report.math.Percentiles;
import lab.threads.report.math.SummaryReportRow;

/**
 * The figures of a server's row that have a defined range, checked before any is printed. A figure outside its
 * definition is a defect of the lab, not a finding: the row leaves it out and says so, and under the tests
 * ({@value #STRICT_PROPERTY}, which the build sets for every module's tests) it fails the test that made it.
 *
 * <ul>
 *   <li>% of the ideal is at most 100 (a perfect server and client), plus what the client's clock can add: its
 *       recorded ends can be up to its end resolution early ({@code LoadClient.endResolutionMs}), which shortens the
 *       measured duration by as much;
 *   <li>the error % is within 0-100;
 *   <li>the percentiles are ordered (min ≤ p50 ≤ p90 ≤ p95 ≤ p99 ≤ p99.9 ≤ max);
 *   <li>the pool's busy share is within 0-1.
 * </ul>
 */
public final class FigureRanges {

    /** The system property that turns a figure outside its definition into an exception: set for the tests. */
    public static final String STRICT_PROPERTY = "lab.strict-figures";

    private FigureRanges() {}

    /**
     * The figures outside their definitions, one sentence each; empty when every figure is inside.
     *
     * @param idealSeconds    the plan's ideal duration on this server's path, s
     * @param endResolutionMs how much earlier than the true end the client's recorded end can be, ms
     */
    static List<String> outside(
            SummaryReportRow row,
            Percentiles percentiles,
            double percentOfIdeal,
            double idealSeconds,
            int endResolutionMs,
            Double poolBusyShare) {
        List<String> outside = new ArrayList<>();
        if (percentOfIdeal < 0 || beatsTheIdeal(percentOfIdeal, idealSeconds, endResolutionMs)) {
            outside.add(String.format(
                    Locale.ROOT,
                    "%% of the ideal %.1f is outside 0-%.1f (100, and the client's %d ms clock)",
                    percentOfIdeal,
                    ceilingPercentOfIdeal(idealSeconds, endResolutionMs),
                    endResolutionMs));
        }
        if (row.errorPercent() < 0 || row.errorPercent() > 100) {
            outside.add(String.format(Locale.ROOT, "error %% %.2f is outside 0-100", row.errorPercent()));
        }
        if (row.samples() > 0) {
            long[] ordered = {
                row.min(),
                percentiles.p50(),
                percentiles.p90(),
                percentiles.p95(),
                percentiles.p99(),
                percentiles.p999(),
                row.max()
            };
            for (int i = 1; i < ordered.length; i++) {
                if (ordered[i] < ordered[i - 1] || ordered[0] < 0) {
                    outside.add(String.format(
                            Locale.ROOT,
                            "the times are out of order (min, p50, p90, p95, p99, p99.9, max: %d, %d, %d, %d, %d, %d, %d ms)",
                            ordered[0],
                            ordered[1],
                            ordered[2],
                            ordered[3],
                            ordered[4],
                            ordered[5],
                            ordered[6]));
                    break;
                }
            }
        }
        if (poolBusyShare != null && (poolBusyShare < 0 || poolBusyShare > 1)) {
            outside.add(String.format(Locale.ROOT, "the pool's busy share %.3f is outside 0-1", poolBusyShare));
        }
        return outside;
    }

    /** Whether a % of the ideal reads more than the ideal allows ({@link #ceilingPercentOfIdeal}): the run beat it. */
    static boolean beatsTheIdeal(double percentOfIdeal, double idealSeconds, int endResolutionMs) {
        return percentOfIdeal > ceilingPercentOfIdeal(idealSeconds, endResolutionMs);
    }

    /**
     * The most a % of the ideal can read: 100, times the ideal duration over that duration less the client's end
     * resolution (its last recorded end can be that much early). No ideal duration: 100.
     */
    static double ceilingPercentOfIdeal(double idealSeconds, int endResolutionMs) {
        double shortest = idealSeconds - endResolutionMs / 1000.0;
        return idealSeconds > 0 && shortest > 0 ? 100.0 * idealSeconds / shortest : 100.0;
    }

    /**
     * What a row does with figures outside their definitions: under the tests, fail; otherwise, leave them out and
     * say why.
     *
     * @throws IllegalStateException under {@value #STRICT_PROPERTY}
     */
    static String defect(String server, List<String> outside) {
        String sentence = "a figure outside its definition, left out of the row (a defect of the lab: please report it"
                + " with this run's folder): " + String.join("; ", outside);
        if (Boolean.getBoolean(STRICT_PROPERTY)) {
            throw new IllegalStateException(server + ": " + sentence);
        }
        return sentence;
    }
}
