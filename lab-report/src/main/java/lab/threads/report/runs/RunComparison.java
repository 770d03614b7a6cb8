package lab.threads.report.runs;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import lab.threads.report.math.Numbers;
import lab.threads.report.page.Cells;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunRecord;

/**
 * Two runs side by side: first what differed in how they ran, since that explains most differences in the figures;
 * then, per server both ran, each figure's change and, with repeats on both sides, whether it stays within their
 * spread.
 *
 * @param a        the first run given; changes are from it
 * @param metadata the metadata that differ, nested maps key by key
 * @param servers  the servers both ran, in a's order
 */
public record RunComparison(
        ComparedRun a,
        ComparedRun b,
        List<MetadataChange> metadata,
        List<ServerChange> servers,
        List<String> onlyInA,
        List<String> onlyInB) {

    /** @param a null when the run has no such key */
    public record MetadataChange(String key, String a, String b) {}

    /** @param verdictA the client verdict, or each repeat's counted */
    public record ServerChange(String server, List<FigureChange> figures, String verdictA, String verdictB) {}

    public record FigureChange(ServerFigure figure, Spread a, Spread b) {

        /** (b - a) / a in %, of the medians; 0 when equal (0 errors both times), NaN from 0 or when either is missing. */
        public double changePercent() {
            return a.median() == b.median()
                    ? 0
                    : a.median() == 0 ? Double.NaN : 100 * (b.median() - a.median()) / a.median();
        }

        /** Whether b's range of repeats overlaps a's (the change may be noise); null unless both have repeats. */
        public Boolean withinSpread() {
            return a.runs() > 1 && b.runs() > 1 ? a.min() <= b.max() && b.min() <= a.max() : null;
        }
    }

    /**
     * Runs of one guest each under two names are compared with each other.
     *
     * @throws BadRunFolder when the two runs have no server in common, and are not one guest against one
     */
    public static RunComparison of(ComparedRun a, ComparedRun b) {
        List<String> common = a.servers().stream().filter(b.servers()::contains).toList();
        boolean guests = common.isEmpty() && a.oneGuest() && b.oneGuest();
        if (common.isEmpty() && !guests) {
            throw new BadRunFolder(
                    b.dir(),
                    "no server in common with " + a.dir() + " (" + a.servers() + " against " + b.servers()
                            + "): compare runs of the same servers, or of one guest each");
        }
        String nameA = a.servers().getFirst();
        String nameB = b.servers().getFirst();
        return new RunComparison(
                a,
                b,
                metadataChanges(a.metadata(), b.metadata()),
                guests
                        ? List.of(serverChange(nameA + " vs " + nameB, a.rows(nameA), b.rows(nameB)))
                        : common.stream()
                                .map(server -> serverChange(server, a.rows(server), b.rows(server)))
                                .toList(),
                a.servers().stream()
                        .filter(server -> !guests && !common.contains(server))
                        .toList(),
                b.servers().stream()
                        .filter(server -> !guests && !common.contains(server))
                        .toList());
    }

    private static ServerChange serverChange(String server, List<ServerSummary> rowsA, List<ServerSummary> rowsB) {
        List<FigureChange> figures = ServerFigure.COMPARED.stream()
                .map(figure -> new FigureChange(figure, spread(figure, rowsA), spread(figure, rowsB)))
                .toList();
        return new ServerChange(server, figures, verdicts(rowsA), verdicts(rowsB));
    }

    private static Spread spread(ServerFigure figure, List<ServerSummary> rows) {
        return Spread.of(rows.stream().map(figure::read).toList());
    }

    /** "client-bound x3 (stall s: 2, 2, 4)": each run's verdict counted, and its client-stall seconds, run by run. */
    private static String verdicts(List<ServerSummary> rows) {
        Map<String, Long> counted = rows.stream()
                .map(row -> row.validity() == null
                        ? Numbers.NOT_AVAILABLE
                        : row.validity().verdict().label())
                .collect(Collectors.groupingBy(Function.identity(), LinkedHashMap::new, Collectors.counting()));
        String verdicts = counted.entrySet().stream()
                .map(e -> rows.size() == 1 ? e.getKey() : e.getKey() + " x" + e.getValue())
                .collect(Collectors.joining(", "));
        String stalls = rows.stream()
                .filter(row -> row.validity() != null)
                .map(row -> Long.toString(Math.round(row.validity().stallSeconds())))
                .collect(Collectors.joining(", "));
        return stalls.isEmpty() ? verdicts : verdicts + " (stall s: " + stalls + ")";
    }

    private static List<MetadataChange> metadataChanges(RunRecord a, RunRecord b) {
        Map<String, String> flatA = flatten(a.setup());
        Map<String, String> flatB = flatten(b.setup());
        Set<String> keys = new LinkedHashSet<>(flatA.keySet());
        keys.addAll(flatB.keySet());
        return keys.stream()
                .filter(key -> !Objects.equals(flatA.get(key), flatB.get(key)))
                .map(key -> new MetadataChange(key, flatA.get(key), flatB.get(key)))
                .toList();
    }

    /** Nested maps one key each ("planProperties.users"), so a difference names the knob, not the whole map. */
    private static Map<String, String> flatten(RunRecord metadata) {
        Map<String, String> flat = new LinkedHashMap<>();
        metadata.entries().forEach((key, value) -> {
            if (value instanceof Map<?, ?> nested) {
                nested.forEach(
                        (nestedKey, nestedValue) -> flat.put(key + "." + nestedKey, Cells.metadataValue(nestedValue)));
            } else {
                flat.put(key, Cells.metadataValue(value));
            }
        });
        return flat;
    }
}
