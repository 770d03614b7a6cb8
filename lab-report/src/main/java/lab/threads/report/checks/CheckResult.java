package lab.threads.report.checks;

import lab.threads.report.math.Numbers;
import lab.threads.report.runs.Spread;

/**
 * One check judged for one server.
 *
 * @param value  one run's figure, or the median with its range over repeats; NaN median when there is none
 * @param bound  the number the figure was held to; NaN when none could be set
 * @param reason how the bound was set and why the status is what it is
 */
public record CheckResult(
        String check,
        String server,
        CheckStatus status,
        String figure,
        String unit,
        Spread value,
        double bound,
        String reason,
        String page) {

    /** The figure's name and median, then with repeats its min-max range and how many runs. */
    public String measured() {
        String measured = figure + " " + withUnit(value.median(), unit);
        if (value.runs() > 1) {
            measured += " [" + withUnit(value.min(), unit) + " - " + withUnit(value.max(), unit) + "] over "
                    + value.runs() + " runs";
        }
        return measured;
    }

    /** The bound in the figure's unit; "n/a" when none could be set. */
    public String boundShown() {
        return withUnit(bound, unit);
    }

    /** "p99 2,650 ms, bound 1,500 ms", for a message a CI server shows. */
    public String figureAgainstBound() {
        return measured() + ", bound " + boundShown();
    }

    /** The whole line a terminal and a JUnit message show. */
    public String line() {
        return status.word() + ": " + server + " " + check + ": " + figureAgainstBound() + "; " + reason + " (" + page
                + ")";
    }

    /** A figure with its unit: "1,500 ms", "0.10%", "29" for a count; "n/a" for none. */
    static String withUnit(double number, String unit) {
        String shown = plain(number);
        return Double.isNaN(number) || unit.isEmpty() ? shown : unit.equals("%") ? shown + "%" : shown + " " + unit;
    }

    /** A figure without its unit: whole from 100 up and when whole, else two places; "n/a" for none. */
    static String plain(double number) {
        return Double.isNaN(number)
                ? Numbers.NOT_AVAILABLE
                : Numbers.decimal(number, Math.abs(number) >= 100 || number == Math.rint(number) ? 0 : 2);
    }
}
