package lab.threads.report.page;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import lab.threads.report.math.Numbers;
import lab.threads.report.summary.Figure;
import lab.threads.report.summary.FigurePlace;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ErrorCauses;

/** The columns of the side-by-side table, defined once for the markdown, HTML and console renderings. */
final class SummaryTable {

    /** @param numeric right-aligned where the format allows it */
    record Column(String header, boolean numeric, Function<ServerSummary, String> cell) {}

    static final Column ERRORS_BY_CAUSE =
            new Column("errors by cause", false, s -> ErrorCauses.describe(s.errorsByCause()));

    /** The main table, narrow enough for a 1280-pixel window. */
    static final List<Column> COLUMNS = Stream.concat(
                    Stream.of(
                            new Column("server", false, ServerSummary::server),
                            new Column("outcome", false, s -> s.outcome() + (s.partial() ? " (partial)" : "")),
                            new Column(
                                    "client", false, s -> s.validity().verdict().label()),
                            new Column("slowest 1% held by", false, ServerSummary::timeVerdict)),
                    Figure.shownIn(FigurePlace.Table.class).stream()
                            .map(figure -> new Column(figure.label(), true, figure::cell)))
            .toList();

    /** The rest of each row; the server's peak RSS is here, off the main table, as it follows the heap flags. */
    static final List<Column> DETAIL_COLUMNS = List.of(
            new Column("server", false, ServerSummary::server),
            new Column("avg ms", true, s -> Numbers.decimal(s.summary().average(), 1)),
            new Column("min ms", true, s -> Numbers.count(s.summary().min())),
            new Column("std dev", true, s -> Numbers.decimal(s.summary().stdDev(), 1)),
            new Column("p90", true, s -> Numbers.count(s.percentiles().p90())),
            new Column("p99.9", true, s -> Numbers.count(s.percentiles().p999())),
            new Column("server p50 / p99 / max", true, Cells::serverView),
            new Column(
                    "server CPU user/sys s",
                    true,
                    s -> Numbers.seconds(s.serverStats().cpuUserMs()) + " / "
                            + Numbers.seconds(s.serverStats().cpuSystemMs())),
            new Column(Figure.PEAK_RSS_MB.label(), true, Figure.PEAK_RSS_MB::cell),
            new Column(
                    "client CPU user/sys s",
                    true,
                    s -> Numbers.seconds(s.client().cpuUserMs()) + " / "
                            + Numbers.seconds(s.client().cpuSystemMs())),
            new Column(
                    "client peak RSS MB / threads",
                    true,
                    s -> Numbers.megabytes(s.client().peakRssBytes()) + " / "
                            + Numbers.count(s.client().peakOsThreads())),
            new Column(
                    "peak open files server / client",
                    true,
                    s -> Numbers.count(s.serverStats().peakOpenFiles()) + " / "
                            + Numbers.count(s.client().peakOpenFiles())),
            new Column(
                    "client GC pause ms (longest)",
                    true,
                    s -> Numbers.count(s.client().gcPauseMs()) + " ("
                            + Numbers.count(s.client().gcMaxPauseMs()) + ")"),
            new Column(
                    "server settings",
                    false,
                    s -> Cells.serverSettings(s.serverStats().settings())),
            ERRORS_BY_CAUSE);

    /** JMeter's Summary Report, its column names and formulas, then the Aggregate Report's percentiles. */
    static final List<Column> JMETER_COLUMNS = List.of(
            new Column("Label", false, ServerSummary::server),
            new Column("# Samples", true, s -> Numbers.count(s.summary().samples())),
            new Column("Average", true, s -> Numbers.decimal(s.summary().average(), 0)),
            new Column("Min", true, s -> Numbers.count(s.summary().min())),
            new Column("Max", true, s -> Numbers.count(s.summary().max())),
            new Column("Std. Dev.", true, s -> Numbers.decimal(s.summary().stdDev(), 2)),
            new Column("Error %", true, s -> Numbers.decimal(s.summary().errorPercent(), 3) + "%"),
            new Column("Throughput", true, s -> Numbers.decimal(s.summary().throughput(), 1) + "/sec"),
            new Column("Received KB/sec", true, s -> Numbers.decimal(s.summary().receivedKBPerSec(), 2)),
            new Column("Sent KB/sec", true, s -> Numbers.decimal(s.summary().sentKBPerSec(), 2)),
            new Column("Avg. Bytes", true, s -> Numbers.decimal(s.summary().avgBytes(), 1)),
            new Column("90% Line", true, s -> Numbers.count(s.percentiles().p90())),
            new Column("95% Line", true, s -> Numbers.count(s.percentiles().p95())),
            new Column("99% Line", true, s -> Numbers.count(s.percentiles().p99())),
            new Column("99.9% Line", true, s -> Numbers.count(s.percentiles().p999())));

    private SummaryTable() {}
}
