package lab.threads.report.summary;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import lab.threads.report.math.MemoryPerRequest;
import lab.threads.report.math.Numbers;
import lab.threads.report.summary.FigurePlace.GlanceScale;

/**
 * The one registry of the figures read off a server's row: each once, with its name in sweep.json, its label wherever
 * it heads a column or a row, its unit and decimals, the values its definition allows, where its value comes from, and
 * where it is shown ({@link FigurePlace}), so a figure added here appears in each place its entry names, under one
 * label. The order is the summary table's and the glance bars'.
 */
public enum Figure {
    SAMPLES(
            "samples",
            "samples",
            FigureUnit.COUNT,
            0,
            FigureRange.NOT_NEGATIVE,
            Source.CLIENT,
            s -> s.summary().samples(),
            FigurePlace.TABLE,
            FigurePlace.csv("# Samples")),
    THROUGHPUT(
            "throughput",
            "req/s",
            FigureUnit.PER_SECOND,
            1,
            FigureRange.NOT_NEGATIVE,
            Source.CLIENT,
            s -> s.summary().throughput(),
            FigurePlace.TABLE,
            FigurePlace.csv("Throughput"),
            FigurePlace.check("rps")),
    /** A run without an ideal (a 0 ms sleep) has none. */
    PERCENT_OF_IDEAL(
            "percentOfIdeal",
            "% of ideal",
            FigureUnit.PERCENT,
            1,
            FigureRange.PERCENT,
            Source.CLIENT,
            s -> s.idealThroughput() > 0 ? s.percentOfIdeal() : null,
            FigurePlace.TABLE,
            FigurePlace.glance(GlanceScale.RANGE_TOP),
            FigurePlace.csv("% of ideal"),
            FigurePlace.check("ideal")),
    /**
     * The server's CPU over the load per request the client recorded, from the runner's /proc series: unlike % of the
     * ideal, it does not count the seconds a late client added.
     */
    SERVER_CPU_PER_REQUEST(
            "serverCpuMsPerRequest",
            "server CPU ms/req",
            FigureUnit.MS,
            3,
            FigureRange.NOT_NEGATIVE,
            Source.RUNNER_PROC,
            s -> s.cpu() == null ? null : s.cpu().serverMsPerRequest(s.summary().samples()),
            FigurePlace.TABLE,
            FigurePlace.glance(GlanceScale.LARGEST),
            FigurePlace.csv("server CPU ms per request"),
            FigurePlace.check("cpu-per-request")),
    ERROR_PERCENT(
            "errorPercent",
            "error %",
            FigureUnit.PERCENT,
            2,
            FigureRange.PERCENT,
            Source.CLIENT,
            s -> s.summary().errorPercent(),
            FigurePlace.TABLE,
            FigurePlace.glance(GlanceScale.LARGEST),
            FigurePlace.csv("Error %"),
            FigurePlace.check("errors")),
    AVERAGE(
            "average",
            "avg ms",
            FigureUnit.MS,
            0,
            FigureRange.NOT_NEGATIVE,
            Source.CLIENT,
            s -> s.summary().average(),
            FigurePlace.csv("Average"),
            FigurePlace.check("avg")),
    P50(
            "p50",
            "p50 ms",
            FigureUnit.MS,
            0,
            FigureRange.NOT_NEGATIVE,
            Source.CLIENT,
            s -> s.percentiles().p50(),
            FigurePlace.TABLE,
            FigurePlace.csv("p50"),
            FigurePlace.check("p50")),
    /** The client's: JMeter's or Hyperfoil's. */
    P99(
            "p99",
            "client p99 ms",
            FigureUnit.MS,
            0,
            FigureRange.NOT_NEGATIVE,
            Source.CLIENT,
            s -> s.percentiles().p99(),
            FigurePlace.TABLE,
            FigurePlace.glance("client p99 / sleep", GlanceScale.PER_SLEEP),
            FigurePlace.csv("p99"),
            FigurePlace.check("p99")),
    MAX(
            "max",
            "max ms",
            FigureUnit.MS,
            0,
            FigureRange.NOT_NEGATIVE,
            Source.CLIENT,
            s -> s.summary().max(),
            FigurePlace.TABLE,
            FigurePlace.csv("Max"),
            FigurePlace.check("max")),
    SERVER_P99(
            "serverP99",
            "server p99 ms",
            FigureUnit.MS,
            0,
            FigureRange.NOT_NEGATIVE,
            Source.SERVER_OWN,
            s -> s.serverView() == null ? null : s.serverView().p99Ms(),
            FigurePlace.TABLE,
            FigurePlace.csv("server p99"),
            FigurePlace.check("server-p99")),
    PEAK_THREADS(
            "peakThreads",
            "peak threads",
            FigureUnit.COUNT,
            0,
            FigureRange.NOT_NEGATIVE,
            Source.SERVER_STATS,
            s -> s.serverStats().peakThreads(),
            FigurePlace.TABLE,
            FigurePlace.glance(GlanceScale.LARGEST),
            FigurePlace.check("threads")),
    /**
     * What a request in flight costs the server's memory ({@link ServerSummary#memoryBytesPerRequest}): on the first
     * screen in place of peak RSS, which ranks the servers by how far each JVM grew its heap.
     */
    MEMORY_PER_REQUEST_KB(
            "memoryPerRequestKB",
            "memory per request KB",
            FigureUnit.KB,
            1,
            FigureRange.ANY,
            Source.SERVER_OWN,
            s -> s.memoryBytesPerRequest() == null ? null : s.memoryBytesPerRequest() / 1024.0,
            FigurePlace.TABLE,
            FigurePlace.glance(GlanceScale.LARGEST),
            FigurePlace.csv("memory per request KB"),
            FigurePlace.check(MemoryPerRequest.FIGURE)),
    /**
     * Off the first screen: every server runs with the same heap flags (run.json's serverJvmFlags, the lab's
     * {@code -Xms1g -Xmx2g} by default), and its peak measures how far the JVM grew its heap under them.
     */
    PEAK_RSS_MB(
            "peakRssMB",
            "peak RSS MB (the heap's growth)",
            FigureUnit.MB,
            1,
            FigureRange.NOT_NEGATIVE,
            Source.SERVER_STATS,
            s -> s.serverStats().peakRssBytes() == null ? null : s.serverStats().peakRssBytes() / (1024.0 * 1024.0),
            FigurePlace.check("rss")),
    SERVER_CPU_SECONDS(
            "serverCpuSeconds",
            "server CPU s",
            FigureUnit.COUNT,
            1,
            FigureRange.NOT_NEGATIVE,
            Source.SERVER_STATS,
            s -> s.serverStats().cpuUserMs() == null || s.serverStats().cpuSystemMs() == null
                    ? null
                    : (s.serverStats().cpuUserMs() + s.serverStats().cpuSystemMs()) / 1000.0),
    CLIENT_CPU_PER_REQUEST(
            "clientCpuMsPerRequest",
            "client CPU ms/req",
            FigureUnit.MS,
            3,
            FigureRange.NOT_NEGATIVE,
            Source.RUNNER_PROC,
            s -> s.cpu() == null ? null : s.cpu().clientMsPerRequest(s.summary().samples())),
    /** The mean share of the pool's connections lent out over the load; none without a pool. */
    POOL_BUSY_PERCENT(
            "poolBusyPercent",
            "pool busy %",
            FigureUnit.PERCENT,
            1,
            FigureRange.PERCENT,
            Source.SERVER_OWN,
            s -> s.pool() == null ? null : 100 * s.pool().busyShare()),
    POOL_WAITED(
            "poolWaited",
            "requests that waited for a connection",
            FigureUnit.COUNT,
            0,
            FigureRange.NOT_NEGATIVE,
            Source.SERVER_OWN,
            s -> s.pool() == null ? null : s.pool().waits().waited()),
    POOL_MEAN_WAIT_MS(
            "poolMeanWaitMs",
            "their mean wait ms",
            FigureUnit.MS,
            0,
            FigureRange.NOT_NEGATIVE,
            Source.SERVER_OWN,
            s -> s.pool() == null ? null : s.pool().waits().meanWaitMs()),
    /** The share of the requests' summed time spent waiting for a pooled connection; none without a pool. */
    POOL_WAIT_PERCENT(
            "poolWaitPercent",
            "pool-wait % of request time",
            FigureUnit.PERCENT,
            1,
            FigureRange.PERCENT,
            Source.SERVER_OWN,
            Figure::poolWaitPercent,
            FigurePlace.check("pool-wait"));

    /** Where a figure's value comes from, which decides what its absence or a server's silence means. */
    public enum Source {
        CLIENT,
        /** The server's own timing or request log: a guest ({@code --target}) keeps none, "not measured". */
        SERVER_OWN,
        /**
         * The server's /stats over the whole run: a server silent at the end gives a lower bound, marked, and left out
         * where figures are compared.
         */
        SERVER_STATS,
        /** The runner's /proc series of the processes it started: none for a guest, "not measured". */
        RUNNER_PROC
    }

    private final String key;
    private final String label;
    private final FigureUnit unit;
    private final int places;
    private final FigureRange range;
    private final Source source;
    private final Function<ServerSummary, Number> value;
    private final List<FigurePlace> shown;

    Figure(
            String key,
            String label,
            FigureUnit unit,
            int places,
            FigureRange range,
            Source source,
            Function<ServerSummary, Number> value,
            FigurePlace... shown) {
        this.key = key;
        this.label = label;
        this.unit = unit;
        this.places = places;
        this.range = range;
        this.source = source;
        this.value = value;
        this.shown = List.of(shown);
    }

    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    public FigureUnit unit() {
        return unit;
    }

    public int places() {
        return places;
    }

    public FigureRange range() {
        return range;
    }

    /** The figures shown in {@code place}'s kind ({@link FigurePlace.Table}, {@link FigurePlace.Csv}...), in order. */
    public static List<Figure> shownIn(Class<? extends FigurePlace> place) {
        return Arrays.stream(values())
                .filter(figure -> figure.place(place).isPresent())
                .toList();
    }

    /** Its place of {@code kind}; empty when it is not shown there. */
    public <P extends FigurePlace> Optional<P> place(Class<P> kind) {
        return shown.stream().filter(kind::isInstance).map(kind::cast).findFirst();
    }

    /** The value unrounded, as the CSV writes it; null when the row lacks it. */
    public Number value(ServerSummary server) {
        Number number = value.apply(server);
        return number instanceof Double d && d.isNaN() ? null : number;
    }

    /** The value as figures are compared: NaN when the row lacks it or it is a lower bound. */
    public double read(ServerSummary server) {
        Number number = value(server);
        return number == null || lowerBound(server) ? Double.NaN : number.doubleValue();
    }

    /** The value as the summary table shows it: rounded, {@code ≥} before a lower bound, and why it is missing. */
    public String cell(ServerSummary server) {
        Number number = value(server);
        if (number == null) {
            return missing(server);
        }
        return (lowerBound(server) ? server.serverStats().lowerBoundMark() : "")
                + Numbers.decimal(number.doubleValue(), places);
    }

    /** In place of a missing value: "not measured" where a guest keeps no such record, else n/a. */
    public String missing(ServerSummary server) {
        boolean guestKeepsNone = source == Source.SERVER_OWN || source == Source.RUNNER_PROC;
        return guestKeepsNone && server.guest() != null ? "not measured" : Numbers.NOT_AVAILABLE;
    }

    private boolean lowerBound(ServerSummary server) {
        return source == Source.SERVER_STATS && server.serverStats().silentAtEndSeconds() != null;
    }

    private static Double poolWaitPercent(ServerSummary row) {
        if (row.pool() == null
                || row.pool().waits().requests() == 0
                || row.summary().average() <= 0) {
            return null;
        }
        double summedMs = row.pool().waits().requests() * row.summary().average();
        return 100 * row.pool().waits().waitedSeconds() * 1000 / summedMs;
    }
}
