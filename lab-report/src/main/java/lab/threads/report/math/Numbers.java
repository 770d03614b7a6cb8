package lab.threads.report.math;

import java.util.Locale;

/** How the report writes a number, in words and tables alike, so a verdict and a page read the same. */
public final class Numbers {

    public static final String NOT_AVAILABLE = "n/a";

    private Numbers() {}

    public static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    public static String count(Long value) {
        return value == null ? NOT_AVAILABLE : count(value.longValue());
    }

    public static String decimal(double value, int places) {
        return String.format(Locale.ROOT, "%,." + places + "f", value);
    }

    public static String megabytes(Long bytes) {
        return bytes == null ? NOT_AVAILABLE : decimal(bytes / (1024.0 * 1024.0), 1);
    }

    public static String seconds(Long millis) {
        return millis == null ? NOT_AVAILABLE : decimal(millis / 1000.0, 1);
    }
}
