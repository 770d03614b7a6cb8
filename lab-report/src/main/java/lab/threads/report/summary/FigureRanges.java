package lab.threads.report.summary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import lab.threads.model.summary.Percentiles;
import lab.threads.model.summary.SummaryReportRow;
import lab.threads.report.math.Numbers;

/**
 * The row's figures with a defined range, checked before any is printed: a figure outside its definition is a defect of
 * the lab, not a finding, so the row leaves it out and says so, and under the tests ({@value #STRICT_PROPERTY}) it
 * fails the test that made it. The top of % of the ideal may be passed by what the client's clock can add (its recorded
 * ends up to its end resolution early); the percentiles must be ordered.
 */
public final class FigureRanges {

    /** The system property that turns a figure outside its definition into an exception: set for the tests. */
    public static final String STRICT_PROPERTY = "lab.strict-figures";

    private FigureRanges() {}

    /**
     * The figures outside their definitions, one sentence each.
     *
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
        FigureRange ideal = Figure.PERCENT_OF_IDEAL.range();
        if (percentOfIdeal < ideal.min() || beatsTheIdeal(percentOfIdeal, idealSeconds, endResolutionMs)) {
            outside.add(String.format(
                    Locale.ROOT,
                    "%s %.1f is outside %s-%.1f (%s, and the client's %d ms clock)",
                    Figure.PERCENT_OF_IDEAL.label(),
                    percentOfIdeal,
                    Numbers.decimal(ideal.min(), 0),
                    ceilingPercentOfIdeal(idealSeconds, endResolutionMs),
                    Numbers.decimal(ideal.max(), 0),
                    endResolutionMs));
        }
        outsideItsRange(Figure.ERROR_PERCENT, row.errorPercent(), outside);
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
            if (ordered[0] < 0 || IntStream.range(1, ordered.length).anyMatch(i -> ordered[i] < ordered[i - 1])) {
                outside.add("the times are out of order (min, p50, p90, p95, p99, p99.9, max: "
                        + Arrays.stream(ordered).mapToObj(Long::toString).collect(Collectors.joining(", "))
                        + " ms)");
            }
        }
        if (poolBusyShare != null) {
            outsideItsRange(Figure.POOL_BUSY_PERCENT, 100 * poolBusyShare, outside);
        }
        return outside;
    }

    private static void outsideItsRange(Figure figure, double value, List<String> outside) {
        if (!figure.range().contains(value)) {
            outside.add(figure.label() + " " + Numbers.decimal(value, figure.places()) + " is outside "
                    + figure.range().words());
        }
    }

    /** Whether a % of the ideal reads more than the ideal allows ({@link #ceilingPercentOfIdeal}): the run beat it. */
    static boolean beatsTheIdeal(double percentOfIdeal, double idealSeconds, int endResolutionMs) {
        return percentOfIdeal > ceilingPercentOfIdeal(idealSeconds, endResolutionMs);
    }

    /**
     * The most a % of the ideal can read: the top of its range, times the ideal duration over that duration less the
     * client's end resolution. No ideal duration: the top.
     */
    static double ceilingPercentOfIdeal(double idealSeconds, int endResolutionMs) {
        double top = Figure.PERCENT_OF_IDEAL.range().max();
        double shortest = idealSeconds - endResolutionMs / 1000.0;
        return idealSeconds > 0 && shortest > 0 ? top * idealSeconds / shortest : top;
    }

    /**
     * Under the tests, a figure outside its definition fails; otherwise it is left out, and said why.
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
