package lab.threads.report.runs;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.Verdict;

/**
 * One server at one level of a sweep, over its repeats: each headline figure as a {@link Spread}.
 *
 * @param figures        figure name to spread, in a fixed order
 * @param clientVerdicts each repeat's verdict on the client, in order
 * @param undisturbed    the figures over the repeats not {@link Verdict#DISTURBED}; empty when none or every one was
 */
public record SweepPoint(
        String server,
        String property,
        String level,
        Map<String, Spread> figures,
        List<Verdict> clientVerdicts,
        Map<String, Long> errorsByCause,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Spread> undisturbed) {

    public SweepPoint {
        undisturbed = undisturbed == null ? Map.of() : undisturbed;
    }

    /** The repeats, counted from 1, that steal or other programs disturbed. */
    public List<Integer> disturbedRepeats() {
        return IntStream.range(0, clientVerdicts.size())
                .filter(i -> clientVerdicts.get(i) == Verdict.DISTURBED)
                .mapToObj(i -> i + 1)
                .toList();
    }

    /** The property of a run repeated without a sweep: its one level is the plan's name. */
    public static final String NO_SWEEP = "plan";

    /** The figures a sweep charts and tabulates, with how each is read off a summary row. */
    static final Map<String, ToDoubleFunction<ServerSummary>> FIGURES = java.util.stream.Stream.of(
                    ServerFigure.SWEPT, ServerFigure.SEED_002, ServerFigure.POOLED)
            .flatMap(List::stream)
            .collect(Collectors.toMap(ServerFigure::key, ServerFigure::reader, (a, b) -> a, LinkedHashMap::new));

    public static SweepPoint of(String server, String property, String level, List<ServerSummary> repeats) {
        List<ServerSummary> quiet = repeats.stream()
                .filter(r -> r.validity().verdict() != Verdict.DISTURBED)
                .toList();
        return new SweepPoint(
                server,
                property,
                level,
                figures(repeats),
                repeats.stream().map(r -> r.validity().verdict()).toList(),
                errorsByCause(repeats),
                quiet.isEmpty() || quiet.size() == repeats.size() ? Map.of() : figures(quiet));
    }

    private static Map<String, Spread> figures(List<ServerSummary> repeats) {
        Map<String, Spread> figures = new LinkedHashMap<>();
        FIGURES.forEach((name, figure) -> figures.put(
                name,
                Spread.of(repeats.stream().map(r -> figure.applyAsDouble(r)).toList())));
        return figures;
    }

    private static Map<String, Long> errorsByCause(List<ServerSummary> repeats) {
        Map<String, Long> summed = new LinkedHashMap<>();
        repeats.forEach(r -> r.errorsByCause().forEach((cause, count) -> summed.merge(cause, count, Long::sum)));
        return summed.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
    }

    /** Every server at every level, in the order met, from each level's rows of all servers and repeats. */
    public static List<SweepPoint> all(String property, Map<String, List<ServerSummary>> byLevel) {
        List<SweepPoint> points = new ArrayList<>();
        byLevel.forEach((level, rows) -> rows.stream()
                .collect(Collectors.groupingBy(ServerSummary::server, LinkedHashMap::new, Collectors.toList()))
                .forEach((server, repeats) -> points.add(of(server, property, level, repeats))));
        return points;
    }
}
