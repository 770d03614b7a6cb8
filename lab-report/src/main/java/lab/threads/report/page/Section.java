package lab.threads.report.page;

import java.util.List;
import java.util.Set;
import lab.threads.report.summary.ServerSummary;

/**
 * One section of a run's report, said once: {@link HtmlSection} and {@link MarkdownSection} render it and add no
 * content of their own, so the page and the text cannot drift apart.
 *
 * @param id      the HTML element's id, which the tests and the page's links find it by
 * @param reading how to read the section, one paragraph under its title; null for none
 */
public record Section(String id, String title, String reading, List<Part> parts) {

    /** What a section holds, in the order it is shown. */
    public sealed interface Part {}

    /**
     * A table, its numeric columns right-aligned; {@code id} and {@code caption} may be null.
     *
     * @param wordRows the rows (by index) of words in numeric columns: a page lets them wrap, text aligns them
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
     * Medians over repeats with their ranges (under the median on a page, in brackets in text); the first column names
     * the row.
     *
     * @param labels the header on a page
     * @param keys   the header in text: each column's name in the report's JSON
     */
    public record RangeTable(String htmlClass, List<String> labels, List<String> keys, List<List<Ranged>> rows)
            implements Part {}

    /** A median and its range over the repeats; {@code min} is null for a word or a figure measured once. */
    public record Ranged(String median, String min, String max) {

        public static Ranged word(String text) {
            return new Ranged(text, null, null);
        }
    }

    public record Heading(String text) implements Part {}

    public record Paragraph(String text) implements Part {}

    /** @param id the HTML list's id, or null */
    public record Bullets(String id, List<Bullet> items) implements Part {}

    /** @param mark the HTML class a page marks the line with, or null */
    public record Bullet(String text, List<String> under, String mark) {

        public Bullet(String text) {
            this(text, List.of(), null);
        }

        public Bullet(String text, List<String> under) {
            this(text, under, null);
        }
    }

    public record Verdicts(List<Judged> items) implements Part {}

    /** One subject's verdict: bold on a page (red when {@code alert}), its findings folded; one line in text. */
    public record Judged(String subject, String verdict, List<String> findings, String advice, boolean alert) {}

    /** Parts a page folds away under a summary line; text shows them under that line as a heading. */
    public record Folded(String summary, List<Part> parts) implements Part {}

    /** Parts a page shows side by side; one after the other in text. */
    public record SideBySide(List<List<Part>> sides) implements Part {}

    /** What only a page can show (a flame graph's frame): its words are said in the other parts as well. */
    public record PageOnly(String html) implements Part {}
}
