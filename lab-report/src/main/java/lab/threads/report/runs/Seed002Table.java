package lab.threads.report.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import lab.threads.report.math.Numbers;
import lab.threads.report.page.Section;

/** Seed 002's table (SEEDS.md) for a sweep with nothing blocking; with a sleep the table and bends say more. */
final class Seed002Table {

    static final String TITLE = "Seed 002's table: no blocking";
    static final String SEED = "Seed 002 published (Lucee, quad-core, virtual threads): 83,000 req/s at 10 concurrent, "
            + "79,000 at 100, 39,000 at 1,000, 10,000 at 10,000. Here the client shares the server's cores: each run's "
            + "verdict says which side bounded its req/s.";
    /** Causes shown per cell; the rest are counted in the case's own report. */
    private static final int CAUSES_SHOWN = 2;

    private Seed002Table() {}

    static boolean applies(List<SweepPoint> points) {
        return !points.isEmpty()
                && points.stream()
                        .allMatch(p ->
                                Double.isNaN(p.figures().get("percentOfIdeal").median()));
    }

    /** The table under its title and the seed's figures; empty for a sweep with a sleep. */
    static Optional<Section> section(List<SweepPoint> points) {
        if (!applies(points)) {
            return Optional.empty();
        }
        List<String> header = header(points);
        List<Boolean> numeric = new ArrayList<>(List.of(false));
        header.subList(1, header.size() - 1).forEach(label -> numeric.add(true));
        numeric.add(false);
        return Optional.of(new Section(
                "seed002",
                TITLE,
                SEED,
                List.of(new Section.Table(
                        null,
                        null,
                        header,
                        numeric,
                        points.stream().map(Seed002Table::cells).toList()))));
    }

    /** The column names: server, the swept property, the figures, the causes. */
    private static List<String> header(List<SweepPoint> points) {
        List<String> header =
                new ArrayList<>(List.of("server", points.getFirst().property()));
        ServerFigure.SEED_002.forEach(figure -> header.add(figure.label()));
        header.add("errors by cause");
        return header;
    }

    /** One point's row, in the header's order. */
    private static List<String> cells(SweepPoint point) {
        List<String> cells = new ArrayList<>(List.of(point.server(), point.level()));
        ServerFigure.SEED_002.forEach(
                figure -> cells.add(figure.format(point.figures().get(figure.key()))));
        cells.add(causes(point.errorsByCause()));
        return cells;
    }

    /** The most frequent causes with their counts over the repeats, e.g. "server: HTTP 503 (12)"; "none" without. */
    static String causes(Map<String, Long> errorsByCause) {
        if (errorsByCause.isEmpty()) {
            return "none";
        }
        String shown = errorsByCause.entrySet().stream()
                .limit(CAUSES_SHOWN)
                .map(cause -> cause.getKey() + " (" + Numbers.count(cause.getValue()) + ")")
                .collect(Collectors.joining("; "));
        int more = errorsByCause.size() - CAUSES_SHOWN;
        return more > 0 ? shown + "; " + more + " more" : shown;
    }
}
