package lab.threads.report.runs;

import java.util.Arrays;
import java.util.List;

/** One figure over repeated runs: the median, robust to one disturbed run, and the range. */
public record Spread(double median, double min, double max, int runs) {

    /** Median of the values, the mean of the middle two for an even count; NaN values (absent figures) are skipped. */
    public static Spread of(List<Double> values) {
        double[] sorted = values.stream()
                .mapToDouble(Double::doubleValue)
                .filter(v -> !Double.isNaN(v))
                .sorted()
                .toArray();
        if (sorted.length == 0) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        int middle = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        return new Spread(median, sorted[0], sorted[sorted.length - 1], sorted.length);
    }

    static Spread of(double... values) {
        return of(Arrays.stream(values).boxed().toList());
    }
}
