package lab.threads.report.runs;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.threads.report.math.Numbers;
import lab.threads.report.math.RequestPart;
import lab.threads.report.summary.ServerSummary;

/**
 * One figure read off a server's summary row, named once for the sweep, the run index and the comparison. A figure
 * the row lacks (a server that gave no timing, or no /stats on this OS) reads as NaN and shows as n/a.
 *
 * @param key    its name in sweep.json
 * @param label  its column or row header
 * @param places decimals shown
 */
public record ServerFigure(String key, String label, int places, ToDoubleFunction<ServerSummary> reader) {

    public static final ServerFigure THROUGHPUT =
            new ServerFigure("throughput", "req/s", 1, s -> s.summary().throughput());
    public static final ServerFigure PERCENT_OF_IDEAL = new ServerFigure(
            "percentOfIdeal",
            "% of ideal",
            1,
            s -> s.idealThroughput() > 0 ? s.percentOfIdeal() : Double.NaN); // a 0 ms sleep has no ideal: n/a
    public static final ServerFigure ERROR_PERCENT =
            new ServerFigure("errorPercent", "error %", 2, s -> s.summary().errorPercent());
    public static final ServerFigure AVERAGE =
            new ServerFigure("average", "avg ms", 0, s -> s.summary().average());
    public static final ServerFigure P50 =
            new ServerFigure("p50", "p50 ms", 0, s -> s.percentiles().p50());
    public static final ServerFigure P99 =
            new ServerFigure("p99", "client p99 ms", 0, s -> s.percentiles().p99()); // JMeter's or Hyperfoil's
    public static final ServerFigure MAX =
            new ServerFigure("max", "max ms", 0, s -> s.summary().max());
    public static final ServerFigure SERVER_P99 = new ServerFigure(
            "serverP99",
            "server's own p99 ms",
            0,
            s -> s.serverView() == null ? Double.NaN : s.serverView().p99Ms());
    public static final ServerFigure PEAK_THREADS = new ServerFigure(
            "peakThreads", "peak threads", 0, s -> whole(s, s.serverStats().peakThreads()));
    public static final ServerFigure PEAK_RSS_MB = new ServerFigure(
            "peakRssMB", "peak RSS MB", 1, s -> whole(s, s.serverStats().peakRssBytes()) / (1024 * 1024));
    public static final ServerFigure SERVER_CPU_SECONDS = new ServerFigure(
            "serverCpuSeconds",
            "server CPU s",
            1,
            s -> (whole(s, s.serverStats().cpuUserMs())
                            + whole(s, s.serverStats().cpuSystemMs()))
                    / 1000);

    /** Each side's CPU over the load per request recorded, from the runner's /proc series: seed 002's cost figures. */
    public static final ServerFigure SERVER_CPU_PER_REQUEST = new ServerFigure(
            "serverCpuMsPerRequest",
            "server CPU ms/req",
            3,
            s -> s.cpu() == null
                    ? Double.NaN
                    : s.cpu().serverMsPerRequest(s.summary().samples()));

    public static final ServerFigure CLIENT_CPU_PER_REQUEST = new ServerFigure(
            "clientCpuMsPerRequest",
            "client CPU ms/req",
            3,
            s -> s.cpu() == null
                    ? Double.NaN
                    : s.cpu().clientMsPerRequest(s.summary().samples()));

    /** Seed 002's table (a hello world at 10 to 10,000 connections): what it cost each side, beside the latency. */
    static final List<ServerFigure> SEED_002 = List.of(
            THROUGHPUT,
            P50,
            P99,
            MAX,
            ERROR_PERCENT,
            SERVER_CPU_PER_REQUEST,
            CLIENT_CPU_PER_REQUEST,
            PEAK_THREADS,
            PEAK_RSS_MB);

    /** Where the slowest 1%'s time went, one figure per part, in seconds. */
    static final List<ServerFigure> SLOWEST_PARTS = Arrays.stream(RequestPart.values())
            .filter(part -> !part.pooled())
            .map(ServerFigure::slowest)
            .toList();

    /** What a sweep through a pool adds ({@code how=db}, {@code how=http-pool}): the pool's share and its queue. */
    static final List<ServerFigure> POOLED = List.of(
            new ServerFigure(
                    "poolBusyPercent",
                    "pool busy %",
                    1,
                    s -> s.pool() == null ? Double.NaN : 100 * s.pool().busyShare()),
            new ServerFigure(
                    "poolWaited",
                    "requests that waited for a connection",
                    0,
                    s -> s.pool() == null ? Double.NaN : s.pool().waits().waited()),
            new ServerFigure(
                    "poolMeanWaitMs",
                    "their mean wait ms",
                    0,
                    s -> s.pool() == null ? Double.NaN : s.pool().waits().meanWaitMs()),
            slowest(RequestPart.POOL_WAIT),
            SERVER_CPU_PER_REQUEST);

    /** What a sweep charts and tabulates, in sweep.json's order. */
    static final List<ServerFigure> SWEPT = Stream.concat(
                    Stream.of(
                            THROUGHPUT,
                            PERCENT_OF_IDEAL,
                            ERROR_PERCENT,
                            AVERAGE,
                            P99,
                            SERVER_P99,
                            MAX,
                            PEAK_THREADS,
                            PEAK_RSS_MB),
                    SLOWEST_PARTS.stream())
            .toList();

    /** What a comparison sets side by side: the outcome first, then latency, where the time went, what the server spent. */
    static final List<ServerFigure> COMPARED = Stream.concat(
                    Stream.concat(
                            Stream.of(PERCENT_OF_IDEAL, ERROR_PERCENT, AVERAGE, P50, P99, MAX, SERVER_P99),
                            SLOWEST_PARTS.stream()),
                    Stream.of(PEAK_THREADS, PEAK_RSS_MB, SERVER_CPU_SECONDS))
            .toList();

    /** The slowest 1%'s mean time in {@code part}, s; NaN without the server's request log. */
    private static ServerFigure slowest(RequestPart part) {
        String key = "slowest1pct"
                + Arrays.stream(part.name().toLowerCase(Locale.ROOT).split("_"))
                        .map(word -> Character.toUpperCase(word.charAt(0)) + word.substring(1))
                        .collect(Collectors.joining());
        return new ServerFigure(
                key,
                "slowest 1%: " + part.label() + " s",
                1,
                s -> s.timeline().present() ? s.timeline().slowest().ms(part) / 1000 : Double.NaN);
    }

    public double read(ServerSummary server) {
        return reader.applyAsDouble(server);
    }

    String format(double value) {
        return Double.isNaN(value) ? Numbers.NOT_AVAILABLE : Numbers.decimal(value, places);
    }

    /** The median alone for one run; with repeats, the median and its min-max range. */
    String format(Spread spread) {
        if (spread.runs() <= 1) {
            return format(spread.median());
        }
        return format(spread.median()) + " [" + format(spread.min()) + " - " + format(spread.max()) + "]";
    }

    /** A server-side figure over the whole run; NaN when absent or cut short by the server's silence (a lower bound). */
    private static double whole(ServerSummary server, Long value) {
        return value == null || server.serverStats().silentAtEndSeconds() != null ? Double.NaN : value;
    }
}
