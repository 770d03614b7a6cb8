package lab.threads.report.runs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.Verdict;

/**
 * One server at one level of a sweep (e.g. users=5000), over its repeated runs: each headline figure as a
 * {@link Spread}.
 *
 * @param level   the swept property's value at this point
 * @param figures figure name -> spread over the repeats, in a fixed order
 * @param clientVerdicts each repeat's verdict on the client ({@link ClientVerdict}), in order
 * @param errorsByCause  failed requests per cause, over all the repeats, most first
 */
public record SweepPoint(
        String server,
        String property,
        String level,
        Map<String, Spread> figures,
        List<Verdict> clientVerdicts,
        Map<String, Long> errorsByCause) {

    public SweepPoint(
            String server, String property, String level, Map<String, Spread> figures, List<Verdict> clientVerdicts) {
        this(server, property, level, figures, clientVerdicts, Map.of());
    }

    /** The property of a run repeated without a sweep: its one level is the plan's name. */
    public static final String NO_SWEEP = "plan";

    /** The figures a sweep charts and tabulates, with how each is read off a summary row. */
    static final Map<String, ToDoubleFunction<ServerSummary>> FIGURES = java.util.stream.Stream.of(
                    ServerFigure.SWEPT, ServerFigure.SEED_002, ServerFigure.POOLED)
            .flatMap(List::stream)
            .collect(Collectors.toMap(ServerFigure::key, ServerFigure::reader, (a, b) -> a, LinkedHashMap::new));

    public static SweepPoint of(String server, String property, String level, List<ServerSummary> repeats) {
        Map<String, Spread> figures = new LinkedHashMap<>();
        FIGURES.forEach((name, figure) -> figures.put(
                name,
                Spread.of(repeats.stream().map(r -> figure.applyAsDouble(r)).toList())));
        return new SweepPoint(
                server,
                property,
                level,
                figures,
                repeats.stream().map(r -> r.validity().verdict()).toList(),
                errorsByCause(repeats));
    }

    private static Map<String, Long> errorsByCause(List<ServerSummary> repeats) {
        Map<String, Long> summed = new LinkedHashMap<>();
        repeats.forEach(r -> r.errorsByCause().forEach((cause, count) -> summed.merge(cause, count, Long::sum)));
        return summed.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
    }

    /**
     * Every server at every level, in the order met.
     *
     * @param byLevel each level's summary rows, all servers and repeats together
     */
    public static List<SweepPoint> all(String property, Map<String, List<ServerSummary>> byLevel) {
        List<SweepPoint> points = new ArrayList<>();
        byLevel.forEach((level, rows) -> rows.stream()
                .collect(Collectors.groupingBy(ServerSummary::server, LinkedHashMap::new, Collectors.toList()))
                .forEach((server, repeats) -> points.add(of(server, property, level, repeats))));
        return points;
    }
}
