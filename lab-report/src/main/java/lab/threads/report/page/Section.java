package lab.threads.report.page;

import java.util.List;
import java.util.Set;
import lab.threads.report.summary.ServerSummary;

/**
 * One section of a run's report, said once: its title, how to read it, and its parts in order. {@link HtmlSection}
 * and {@link MarkdownSection} render it and add no content of their own, so index.html and summary.md (and the pages
 * of {@link SectionPage}) cannot drift apart.
 *
 * @param id      the HTML element's id, which the tests and the page's links find it by
 * @param reading how to read the section, one paragraph under its title; null for none
 */
public record Section(String id, String title, String reading, List<Part> parts) {

    /** What a section holds, in the order it is shown. */
    public sealed interface Part {}

    /**
     * A table, its numeric columns right-aligned.
     *
     * @param id        the HTML table's id, or null
     * @param caption   a line above it, or null
     * @param wordRows  the rows (by index) of words in numeric columns, e.g. a verdict among figures: a page lets them
     *                  wrap as text; text aligns them with their columns
     */
    public record Table(
            String id,
            String caption,
            List<String> header,
            List<Boolean> numeric,
            List<List<String>> rows,
            Set<Integer> wordRows)
            implements Part {

        public Table(String id, String caption, List<String> header, List<Boolean> numeric, List<List<String>> rows) {
            this(id, caption, header, numeric, rows, Set.of());
        }

        /** One row per server, one cell per column. */
        static Table of(String id, List<SummaryTable.Column> columns, List<ServerSummary> servers) {
            return new Table(
                    id,
                    null,
                    columns.stream().map(SummaryTable.Column::header).toList(),
                    columns.stream().map(SummaryTable.Column::numeric).toList(),
                    servers.stream()
                            .map(server -> columns.stream()
                                    .map(column -> column.cell().apply(server))
                                    .toList())
                            .toList());
        }
    }

    /**
     * Medians over repeats, each with its range: a page shows the range under the median, text in brackets after it.
     * The first column names the row.
     *
     * @param htmlClass the HTML table's class, which the page's style finds it by
     * @param labels    the header on a page
     * @param keys      the header in text: each column's short name, as the report's JSON names it
     */
    public record RangeTable(String htmlClass, List<String> labels, List<String> keys, List<List<Ranged>> rows)
            implements Part {}

    /**
     * A median and its range over the repeats.
     *
     * @param min null for a word, or a figure measured once
     */
    public record Ranged(String median, String min, String max) {

        public static Ranged word(String text) {
            return new Ranged(text, null, null);
        }
    }

    /** A heading below the section's title. */
    public record Heading(String text) implements Part {}

    public record Paragraph(String text) implements Part {}

    /** @param id the HTML list's id, or null */
    public record Bullets(String id, List<Bullet> items) implements Part {}

    /**
     * @param under the bullets one level down, often none
     * @param mark  the kind of line a page marks it as (its HTML class), or null
     */
    public record Bullet(String text, List<String> under, String mark) {

        public Bullet(String text) {
            this(text, List.of(), null);
        }

        public Bullet(String text, List<String> under) {
            this(text, under, null);
        }
    }

    /** A verdict per subject, in the order given. */
    public record Verdicts(List<Judged> items) implements Part {}

    /**
     * One subject's verdict, e.g. whether the client held a server's figures back: a page shows the subject and the
     * verdict in bold (red when {@code alert}), the findings under them and the advice after; text says it in one line.
     */
    public record Judged(String subject, String verdict, List<String> findings, String advice, boolean alert) {}

    /**
     * Parts a page folds away under a line that says what they hold, e.g. the main table's less-read columns; text
     * has no fold, so it shows them under that line as a heading.
     */
    public record Folded(String summary, List<Part> parts) implements Part {}

    /** Parts a page shows side by side; one after the other in text. */
    public record SideBySide(List<List<Part>> sides) implements Part {}

    /**
     * What only a page can show, e.g. a flame graph in a frame: text leaves it out, so any words it needs are said in
     * the other parts as well.
     */
    public record PageOnly(String html) implements Part {}
}
