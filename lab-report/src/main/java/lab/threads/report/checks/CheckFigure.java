package lab.threads.report.checks;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import lab.threads.report.summary.Figure;
import lab.threads.report.summary.FigurePlace;
import lab.threads.report.summary.FigureUnit;
import lab.threads.report.summary.ServerSummary;

/** A figure a check may name, read off a row as the report compares it, so check and page never disagree. */
public record CheckFigure(Figure figure, String checkName) {

    /** Every figure a check may name, in the registry's order. */
    public static List<CheckFigure> all() {
        return Figure.shownIn(FigurePlace.Check.class).stream()
                .map(figure -> new CheckFigure(
                        figure,
                        figure.place(FigurePlace.Check.class).orElseThrow().name()))
                .toList();
    }

    public FigureUnit unit() {
        return figure.unit();
    }

    /** The figure as the report reads it off a row; NaN when the row lacks it. */
    public double read(ServerSummary row) {
        return figure.read(row);
    }

    /** @throws IllegalArgumentException naming every figure, when none has this name */
    static CheckFigure named(String name, String check) {
        return all().stream()
                .filter(figure -> figure.checkName.equals(name.toLowerCase(Locale.ROOT)))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown figure '" + name + "' in check '" + check + "': the figures are " + names()));
    }

    /** Every figure's name, in this order: "errors, rps, ...". */
    public static String names() {
        return all().stream().map(CheckFigure::checkName).collect(Collectors.joining(", "));
    }
}
