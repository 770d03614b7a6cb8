package lab.threads.report.summary;

/** Where a registered figure ({@link Figure}) is shown: each reader takes the figures that name its place. */
public sealed interface FigurePlace {

    /** A column of the page's summary table (and the terminal's), headed by the figure's label. */
    record Table() implements FigurePlace {}

    /** A column of summary.csv, headed by {@code header}, its value unrounded. */
    record Csv(String header) implements FigurePlace {}

    /** A figure a check may bound, by its documented {@code name} (docs/options.md). */
    record Check(String name) implements FigurePlace {}

    /** A group of the first screen's glance bars, headed by {@code title} (null: the figure's label). */
    record Glance(String title, GlanceScale scale) implements FigurePlace {}

    /** What a glance bar's full width stands for. */
    enum GlanceScale {
        LARGEST,
        RANGE_TOP,
        /** The value is shown as a multiple of the plan's sleep, against the largest multiple. */
        PER_SLEEP
    }

    FigurePlace TABLE = new Table();

    static FigurePlace csv(String header) {
        return new Csv(header);
    }

    static FigurePlace check(String name) {
        return new Check(name);
    }

    static FigurePlace glance(GlanceScale scale) {
        return glance(null, scale);
    }

    static FigurePlace glance(String title, GlanceScale scale) {
        return new Glance(title, scale);
    }
}
