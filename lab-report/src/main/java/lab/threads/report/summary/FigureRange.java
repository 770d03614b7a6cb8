package lab.threads.report.summary;

import java.util.Locale;

/**
 * The values a figure can take by its definition; one outside it is a defect of the lab ({@link FigureRanges}). An
 * infinite {@code min} or {@code max} is no bound.
 */
public record FigureRange(double min, double max) {

    /** Counts, times and rates: never below 0. */
    public static final FigureRange NOT_NEGATIVE = new FigureRange(0, Double.POSITIVE_INFINITY);

    /** A change, which may be a fall: a growth of memory over its baseline. */
    public static final FigureRange ANY = new FigureRange(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

    /** A share of a whole, in %. */
    public static final FigureRange PERCENT = new FigureRange(0, 100);

    public boolean contains(double value) {
        return value >= min && value <= max;
    }

    /** "0-100", "0 or more" without a top, "any" without either bound. */
    public String words() {
        return Double.isInfinite(min)
                ? "any"
                : Double.isInfinite(max) ? number(min) + " or more" : number(min) + "-" + number(max);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%s", value);
    }
}
