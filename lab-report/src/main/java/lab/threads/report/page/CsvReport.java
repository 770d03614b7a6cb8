package lab.threads.report.page;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import lab.threads.report.math.AcceptQueueCheck;
import lab.threads.report.math.RequestPart;
import lab.threads.report.math.TimeBreakdown;
import lab.threads.report.raw.KernelEvidence;
import lab.threads.report.raw.ServerView;
import lab.threads.report.summary.Figure;
import lab.threads.report.summary.FigurePlace;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** summary.csv: one row per server, its first columns under JMeter's Summary Report names, numbers unrounded. */
public final class CsvReport {

    /**
     * @param figure the registered figure it writes; null for the CSV's own columns
     * @param pooled a column of a pool's part: written only when a server's requests went through a pool
     */
    private record Column(String header, Function<ServerSummary, Object> value, Figure figure, boolean pooled) {
        Column(String header, Function<ServerSummary, Object> value) {
            this(header, value, null, false);
        }

        Column(String header, Function<ServerSummary, Object> value, boolean pooled) {
            this(header, value, null, pooled);
        }

        /** A registered figure's column ({@link FigurePlace.Csv}), its value unrounded. */
        static Column of(Figure figure) {
            return new Column(figure.place(FigurePlace.Csv.class).orElseThrow().header(), figure::value, figure, false);
        }
    }

    private static final List<Column> COLUMNS = columns();

    /** A column keeps its place from run to run, so a spreadsheet that reads one summary.csv reads the next. */
    private static List<Column> columns() {
        List<Column> columns = new ArrayList<>();
        columns.addAll(summaryReportColumns());
        columns.addAll(turnColumns());
        columns.addAll(serverColumns());
        columns.addAll(clientColumns());
        columns.addAll(timeColumns());
        columns.addAll(bandColumns());
        // A registered figure whose place in the CSV the lists above do not set comes after the lab's figures.
        Figure.shownIn(FigurePlace.Csv.class).stream()
                .filter(figure -> columns.stream().noneMatch(column -> column.figure() == figure))
                .forEach(figure -> columns.add(Column.of(figure)));
        columns.add(new Column("notes", s -> String.join("; ", s.notes())));
        return List.copyOf(columns);
    }

    /** JMeter's Summary Report's columns under its names, Label being the server, so its spreadsheets read them. */
    private static List<Column> summaryReportColumns() {
        return List.of(
                new Column("Label", ServerSummary::server),
                Column.of(Figure.SAMPLES),
                Column.of(Figure.AVERAGE),
                new Column("Min", s -> s.summary().min()),
                Column.of(Figure.MAX),
                new Column("Std. Dev.", s -> s.summary().stdDev()),
                Column.of(Figure.ERROR_PERCENT),
                Column.of(Figure.THROUGHPUT),
                new Column("Received KB/sec", s -> s.summary().receivedKBPerSec()),
                new Column("Sent KB/sec", s -> s.summary().sentKBPerSec()),
                new Column("Avg. Bytes", s -> s.summary().avgBytes()));
    }

    /** How the turn ended, the client's percentiles, the plan's ideal and the failures by cause. */
    private static List<Column> turnColumns() {
        return List.of(
                new Column("outcome", ServerSummary::outcome),
                new Column("partial", ServerSummary::partial),
                Column.of(Figure.P50),
                new Column("p90", s -> s.percentiles().p90()),
                new Column("p95", s -> s.percentiles().p95()),
                Column.of(Figure.P99),
                new Column("p99.9", s -> s.percentiles().p999()),
                new Column("ideal throughput", ServerSummary::idealThroughput),
                Column.of(Figure.PERCENT_OF_IDEAL),
                new Column("peak users in flight", ServerSummary::peakUsersInFlight),
                new Column("errors by cause", s -> causes(s.errorsByCause())));
    }

    /** The server's own peaks and CPU, then its own latency; empty where it gave none. */
    private static List<Column> serverColumns() {
        return List.of(
                new Column("peak in-flight requests", s -> s.serverStats().peakInFlight()),
                new Column("peak OS threads", s -> s.serverStats().peakOsThreads()),
                new Column("peak platform threads", s -> s.serverStats().peakPlatformThreads()),
                new Column("peak RSS bytes", s -> s.serverStats().peakRssBytes()),
                new Column("peak open files", s -> s.serverStats().peakOpenFiles()),
                new Column("open files limit", s -> s.serverStats().openFilesLimit()),
                new Column("CPU user ms", s -> s.serverStats().cpuUserMs()),
                new Column("CPU system ms", s -> s.serverStats().cpuSystemMs()),
                new Column("process CPU ms", s -> s.serverStats().processCpuMs()),
                new Column("voluntary context switches", s -> s.serverStats().voluntaryContextSwitches()),
                new Column("involuntary context switches", s -> s.serverStats().involuntaryContextSwitches()),
                ofPart("server responses", ServerSummary::serverView, ServerView::count),
                ofPart("server p50", ServerSummary::serverView, ServerView::p50Ms),
                ofPart("server p90", ServerSummary::serverView, ServerView::p90Ms),
                Column.of(Figure.SERVER_P99),
                ofPart("server p99.9", ServerSummary::serverView, ServerView::p999Ms),
                ofPart("server max", ServerSummary::serverView, ServerView::maxMs));
    }

    /** Whether the client set the figures, and its own health over the run. */
    private static List<Column> clientColumns() {
        return List.of(
                new Column("client verdict", s -> s.validity().verdict()),
                new Column("client stall seconds", s -> s.validity().stallSeconds()),
                new Column(
                        "client busy lagging seconds",
                        s -> ClientVerdict.Interval.seconds(s.validity().clientBusyLagging())),
                new Column("machine saturated seconds", s -> s.validity().machineSaturatedSeconds()),
                new Column(
                        "client findings", s -> String.join("; ", s.validity().findings())),
                new Column("client CPU user ms", s -> s.client().cpuUserMs()),
                new Column("client CPU system ms", s -> s.client().cpuSystemMs()),
                new Column("client peak CPU % of machine", s -> s.client().peakCpuPercentOfMachine()),
                new Column("client peak RSS bytes", s -> s.client().peakRssBytes()),
                new Column("client peak open files", s -> s.client().peakOpenFiles()),
                new Column("client peak OS threads", s -> s.client().peakOsThreads()),
                new Column("client GC pause ms", s -> s.client().gcPauseMs()),
                new Column("client GC max pause ms", s -> s.client().gcMaxPauseMs()));
    }

    /** Where the time went, the kernel's view of the port, the series' gaps and the requests never answered. */
    private static List<Column> timeColumns() {
        return List.of(
                new Column("time verdict", ServerSummary::timeVerdict),
                new Column("joined requests", s -> s.timeline().joined()),
                ofPart("peak accept queue", ServerSummary::kernel, KernelEvidence::peakAcceptQueue),
                ofPart("ListenDrops over the load", ServerSummary::kernel, KernelEvidence::listenDrops),
                ofPart("connects with a SYN retry", ServerSummary::kernel, KernelEvidence::retriedConnects),
                ofPart("kernel check", ServerSummary::kernel, KernelEvidence::check),
                new Column("series gaps", s -> s.seriesGaps() == null ? null : String.join("; ", s.seriesGaps())),
                new Column("never answered", s -> s.timeline().withoutServerRecord()),
                new Column("never answered by cause", s -> s.timeline().causes()),
                ofPart("kernel accept queue parts connection-s", CsvReport::check, AcceptQueueCheck::timelineSeconds),
                ofPart("area under Recv-Q connection-s", CsvReport::check, AcceptQueueCheck::kernelSeconds),
                ofPart("kernel accept queue check", CsvReport::check, AcceptQueueCheck::words));
    }

    /** Each band's mean of each request part, ms; a pool's parts only where requests went through one. */
    private static List<Column> bandColumns() {
        Map<String, Function<TimeBreakdown, TimeBreakdown.Bands>> kinds = new LinkedHashMap<>();
        kinds.put("", t -> new TimeBreakdown.Bands(t.median(), t.slowest()));
        kinds.put("first requests ", TimeBreakdown::first);
        kinds.put("keep-alive ", TimeBreakdown::keptAlive);
        Map<String, Function<TimeBreakdown, TimeBreakdown.Band>> bands = new LinkedHashMap<>();
        kinds.forEach((kind, of) -> {
            bands.put(
                    kind + "median",
                    t -> of.apply(t) == null ? null : of.apply(t).median());
            bands.put(
                    kind + "slowest 1%",
                    t -> of.apply(t) == null ? null : of.apply(t).slowest());
        });
        List<Column> columns = new ArrayList<>();
        bands.forEach((band, of) -> {
            for (RequestPart part : RequestPart.values()) {
                columns.add(new Column(
                        band + " " + part.label() + " ms", s -> partMs(s.timeline(), of, part), part.pooled()));
            }
        });
        return columns;
    }

    /**
     * A figure of a part of the row: the server's own latency, the kernel's view of the listening port, or the accept
     * queue's parts checked against the kernel's queue; empty without that part.
     */
    private static <T> Column ofPart(String header, Function<ServerSummary, T> part, Function<T, Object> value) {
        return new Column(header, s -> part.apply(s) == null ? null : value.apply(part.apply(s)));
    }

    /** The mean of the part over the band's requests, ms; empty without the server's request log or that band. */
    private static Long partMs(TimeBreakdown time, Function<TimeBreakdown, TimeBreakdown.Band> band, RequestPart part) {
        TimeBreakdown.Band of = time.present() ? band.apply(time) : null;
        return of == null ? null : Math.round(of.ms(part));
    }

    private static AcceptQueueCheck check(ServerSummary server) {
        return server.timeline().kernelCheck();
    }

    private CsvReport() {}

    public static String render(RunReport report) {
        boolean pooled =
                report.servers().stream().anyMatch(server -> server.timeline().pooled());
        List<Column> columns =
                COLUMNS.stream().filter(column -> pooled || !column.pooled()).toList();
        StringBuilder csv = new StringBuilder();
        try (CSVPrinter printer = new CSVPrinter(
                csv,
                CSVFormat.DEFAULT
                        .builder()
                        .setHeader(columns.stream().map(Column::header).toArray(String[]::new))
                        .get())) {
            for (ServerSummary server : report.servers()) {
                printer.printRecord(
                        columns.stream().map(column -> column.value().apply(server)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not fail
        }
        return csv.toString();
    }

    /** {@code cause=count} pairs, so the cell can be split again. */
    private static String causes(Map<String, Long> byCause) {
        return byCause.entrySet().stream()
                .map(entry -> entry.getKey() + "=" + entry.getValue())
                .collect(Collectors.joining("; "));
    }
}
