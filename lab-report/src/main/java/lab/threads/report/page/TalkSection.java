package lab.threads.report.page;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import lab.threads.report.math.Numbers;
import lab.threads.report.math.SummaryReportRow;
import lab.threads.report.verdict.TalkComparison;

/**
 * "The talk, side by side": the talk's published Summary Report rows and this run's, in JMeter's columns, each pair
 * followed by its differences with their measured causes. Shown only when the talk's servers ran the talk's plan.
 */
final class TalkSection {
    static final String TITLE = "The talk, side by side";

    private record Column(String header, Function<SummaryReportRow, String> cell) {}

    private static final List<Column> COLUMNS = List.of(
            new Column("# Samples", row -> Numbers.count(row.samples())),
            new Column("Average", row -> decimal(row.average(), 0)),
            new Column("Min", row -> Numbers.count(row.min())),
            new Column("Max", row -> Numbers.count(row.max())),
            new Column("Std. Dev.", row -> decimal(row.stdDev(), 2)),
            new Column("Error %", row -> decimal(row.errorPercent(), 2) + "%"),
            new Column("Throughput", row -> decimal(row.throughput(), 1) + "/sec"),
            new Column("Received KB/sec", row -> decimal(row.receivedKBPerSec(), 2)),
            new Column("Sent KB/sec", row -> decimal(row.sentKBPerSec(), 2)),
            new Column("Avg. Bytes", row -> decimal(row.avgBytes(), 1)));

    private TalkSection() {}

    static String html(TalkComparison talk) {
        if (talk == null) {
            return "";
        }
        StringBuilder html = new StringBuilder("<section id=\"talk\">\n<h2>")
                .append(TITLE)
                .append("</h2>\n<p>The talk's figures: ")
                .append(HtmlReport.escape(talk.source()))
                .append(
                        ". This run: the same plan on the lab's reruns of its servers.</p>\n<table id=\"talk-table\">\n<tr>");
        header().forEach(cell ->
                html.append("<th>").append(HtmlReport.escape(cell)).append("</th>"));
        html.append("</tr>\n");
        for (TalkComparison.Row row : talk.rows()) {
            for (List<String> cells : List.of(cells(row, true), cells(row, false))) {
                html.append("<tr>");
                for (int i = 0; i < cells.size(); i++) {
                    html.append(i < 2 ? "<td>" : "<td class=\"num\">")
                            .append(HtmlReport.escape(cells.get(i)))
                            .append("</td>");
                }
                html.append("</tr>\n");
            }
        }
        html.append("</table>\n");
        for (TalkComparison.Row row : talk.rows()) {
            html.append("<h3>")
                    .append(HtmlReport.escape(row.server() + " (the talk's " + row.label() + ")"))
                    .append("</h3>\n<ul>\n");
            html.append("<li>").append(HtmlReport.escape(row.differences().getFirst()));
            if (!row.errorCauses().isEmpty()) {
                html.append("<ul>\n");
                row.errorCauses()
                        .forEach(cause -> html.append("<li>")
                                .append(HtmlReport.escape(cause))
                                .append("</li>\n"));
                html.append("</ul>");
            }
            html.append("</li>\n");
            row.differences().stream()
                    .skip(1)
                    .forEach(difference -> html.append("<li>")
                            .append(HtmlReport.escape(difference))
                            .append("</li>\n"));
            html.append("</ul>\n");
        }
        return html.append("</section>\n").toString();
    }

    static String markdown(TalkComparison talk) {
        if (talk == null) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## ")
                .append(TITLE)
                .append("\n\nThe talk's figures: ")
                .append(talk.source())
                .append(". This run: the same plan on the lab's reruns of its servers.\n\n");
        List<String> header = header();
        md.append(MarkdownReport.row(header));
        List<String> alignment = new ArrayList<>(List.of("---", "---"));
        COLUMNS.forEach(column -> alignment.add("---:"));
        md.append(MarkdownReport.row(alignment));
        for (TalkComparison.Row row : talk.rows()) {
            md.append(MarkdownReport.row(cells(row, true))).append(MarkdownReport.row(cells(row, false)));
        }
        for (TalkComparison.Row row : talk.rows()) {
            md.append("\n**")
                    .append(row.server())
                    .append("** (the talk's ")
                    .append(row.label())
                    .append(")\n\n");
            md.append("- ").append(row.differences().getFirst()).append('\n');
            row.errorCauses().forEach(cause -> md.append("  - ").append(cause).append('\n'));
            row.differences().stream()
                    .skip(1)
                    .forEach(difference -> md.append("- ").append(difference).append('\n'));
        }
        return md.toString();
    }

    private static List<String> header() {
        List<String> header = new ArrayList<>(List.of("Label", "Run"));
        COLUMNS.forEach(column -> header.add(column.header()));
        return header;
    }

    private static List<String> cells(TalkComparison.Row row, boolean talk) {
        List<String> cells = new ArrayList<>(
                List.of(talk ? row.label() : row.server(), talk ? "the talk" : "here (" + row.settings() + ")"));
        SummaryReportRow figures = talk ? row.talk() : row.here();
        COLUMNS.forEach(column -> cells.add(column.cell().apply(figures)));
        return cells;
    }

    /** A cell the published table cut off is NaN. */
    private static String decimal(double value, int places) {
        return Double.isNaN(value) ? "(cut off)" : Numbers.decimal(value, places);
    }
}
