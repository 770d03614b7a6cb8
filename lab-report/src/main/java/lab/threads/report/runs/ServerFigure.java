package lab.threads.report.runs;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.threads.report.math.Numbers;
import lab.threads.report.math.RequestPart;
import lab.threads.report.summary.Figure;
import lab.threads.report.summary.ServerSummary;

/** One figure read off a server's row across runs: a registered one or a slowest-1% part; NaN where none. */
public record ServerFigure(String key, String label, int places, ToDoubleFunction<ServerSummary> reader) {

    public static final ServerFigure THROUGHPUT = of(Figure.THROUGHPUT);
    public static final ServerFigure PERCENT_OF_IDEAL = of(Figure.PERCENT_OF_IDEAL);
    public static final ServerFigure ERROR_PERCENT = of(Figure.ERROR_PERCENT);
    public static final ServerFigure AVERAGE = of(Figure.AVERAGE);
    public static final ServerFigure P50 = of(Figure.P50);
    public static final ServerFigure P99 = of(Figure.P99);
    public static final ServerFigure MAX = of(Figure.MAX);
    public static final ServerFigure SERVER_P99 = of(Figure.SERVER_P99);
    public static final ServerFigure PEAK_THREADS = of(Figure.PEAK_THREADS);
    public static final ServerFigure PEAK_RSS_MB = of(Figure.PEAK_RSS_MB);
    public static final ServerFigure MEMORY_PER_REQUEST = of(Figure.MEMORY_PER_REQUEST_KB);
    public static final ServerFigure SERVER_CPU_SECONDS = of(Figure.SERVER_CPU_SECONDS);
    public static final ServerFigure SERVER_CPU_PER_REQUEST = of(Figure.SERVER_CPU_PER_REQUEST);
    public static final ServerFigure CLIENT_CPU_PER_REQUEST = of(Figure.CLIENT_CPU_PER_REQUEST);

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
            of(Figure.POOL_BUSY_PERCENT),
            of(Figure.POOL_WAITED),
            of(Figure.POOL_MEAN_WAIT_MS),
            slowest(RequestPart.POOL_WAIT),
            SERVER_CPU_PER_REQUEST);

    /** What a sweep charts and tabulates, in sweep.json's order. */
    static final List<ServerFigure> SWEPT = Stream.concat(
                    Stream.of(
                            THROUGHPUT,
                            PERCENT_OF_IDEAL,
                            SERVER_CPU_PER_REQUEST,
                            ERROR_PERCENT,
                            AVERAGE,
                            P99,
                            SERVER_P99,
                            MAX,
                            PEAK_THREADS,
                            MEMORY_PER_REQUEST),
                    SLOWEST_PARTS.stream())
            .toList();

    /** What a comparison sets side by side: the outcome first, then latency, where the time went, what the server spent. */
    static final List<ServerFigure> COMPARED = Stream.concat(
                    Stream.concat(
                            Stream.of(PERCENT_OF_IDEAL, ERROR_PERCENT, AVERAGE, P50, P99, MAX, SERVER_P99),
                            SLOWEST_PARTS.stream()),
                    Stream.of(PEAK_THREADS, PEAK_RSS_MB, SERVER_CPU_SECONDS))
            .toList();

    /** A registered figure, as the sweep, the run index and the comparison read it. */
    public static ServerFigure of(Figure figure) {
        return new ServerFigure(figure.key(), figure.label(), figure.places(), figure::read);
    }

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
        return spread.runs() <= 1
                ? format(spread.median())
                : format(spread.median()) + " [" + format(spread.min()) + " - " + format(spread.max()) + "]";
    }
}
