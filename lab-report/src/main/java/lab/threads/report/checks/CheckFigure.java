package lab.threads.report.checks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import lab.threads.report.runs.ServerFigure;
import lab.threads.report.summary.ServerSummary;

/**
 * The figures a check may name, each by one documented name (docs/options.md) and read off a server's row as the
 * report shows it ({@link ServerFigure}), so a check and the page never disagree on a figure.
 */
public enum CheckFigure {
    P50("p50", Unit.MS, ServerFigure.P50),
    P99("p99", Unit.MS, ServerFigure.P99),
    MAX("max", Unit.MS, ServerFigure.MAX),
    AVG("avg", Unit.MS, ServerFigure.AVERAGE),
    ERRORS("errors", Unit.PERCENT, ServerFigure.ERROR_PERCENT),
    IDEAL("ideal", Unit.PERCENT, ServerFigure.PERCENT_OF_IDEAL),
    RPS("rps", Unit.PER_SECOND, ServerFigure.THROUGHPUT),
    SERVER_P99("server-p99", Unit.MS, ServerFigure.SERVER_P99),
    THREADS("threads", Unit.COUNT, ServerFigure.PEAK_THREADS),
    RSS("rss", Unit.MB, ServerFigure.PEAK_RSS_MB),
    CPU_PER_REQUEST("cpu-per-request", Unit.MS, ServerFigure.SERVER_CPU_PER_REQUEST),
    POOL_WAIT(
            "pool-wait",
            Unit.PERCENT,
            new ServerFigure("poolWaitPercent", "pool-wait % of request time", 1, CheckFigure::poolWaitPercent));

    /**
     * What a bound's number may be written in for a figure; the first spelling is the figure's own, the others are
     * converted to it.
     */
    public enum Unit {
        MS("ms", List.of("ms", "s"), List.of(1.0, 1000.0)),
        PERCENT("%", List.of("%"), List.of(1.0)),
        PER_SECOND("/s", List.of("/s"), List.of(1.0)),
        COUNT("", List.of(), List.of()),
        MB("MB", List.of("MB", "GB"), List.of(1.0, 1024.0));

        private final String shown;
        private final List<String> spellings;
        private final List<Double> factors;

        Unit(String shown, List<String> spellings, List<Double> factors) {
            this.shown = shown;
            this.spellings = spellings;
            this.factors = factors;
        }

        /** How the figure's values are shown after their number: "ms", "%", "" for a count. */
        public String shown() {
            return shown;
        }

        /** The number in the figure's own unit; none written means that unit. @return null for a foreign unit */
        Double convert(double number, String written) {
            if (written.isEmpty()) {
                return number;
            }
            int at = spellings.indexOf(written);
            return at < 0 ? null : number * factors.get(at);
        }

        String spellingsInWords() {
            return spellings.isEmpty() ? "a plain number" : String.join(" or ", spellings) + " (or none)";
        }
    }

    private final String checkName;
    private final Unit unit;
    private final ServerFigure figure;

    CheckFigure(String checkName, Unit unit, ServerFigure figure) {
        this.checkName = checkName;
        this.unit = unit;
        this.figure = figure;
    }

    public String checkName() {
        return checkName;
    }

    public Unit unit() {
        return unit;
    }

    /** The figure as the report reads it off a row; NaN when the row lacks it. */
    public double read(ServerSummary row) {
        return figure.read(row);
    }

    /** @throws IllegalArgumentException naming every figure, when none has this name */
    static CheckFigure named(String name, String check) {
        return Arrays.stream(values())
                .filter(figure -> figure.checkName.equals(name.toLowerCase(Locale.ROOT)))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown figure '" + name + "' in check '" + check + "': the figures are " + names()));
    }

    /** Every figure's name, in this order: "p50, p99, ...". */
    public static String names() {
        return Arrays.stream(values()).map(CheckFigure::checkName).collect(Collectors.joining(", "));
    }

    /**
     * The share of the requests' summed time spent waiting for a pooled connection, in %: the request log's waits
     * over the requests that went through the pool times their mean time; NaN without a pool.
     */
    private static double poolWaitPercent(ServerSummary row) {
        if (row.pool() == null
                || row.pool().waits().requests() == 0
                || row.summary().average() <= 0) {
            return Double.NaN;
        }
        double summedMs = row.pool().waits().requests() * row.summary().average();
        return 100 * row.pool().waits().waitedSeconds() * 1000 / summedMs;
    }
}
