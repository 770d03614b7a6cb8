package lab.threads.report.page;

import java.util.Arrays;
import java.util.List;

/** A {@link Section} as index.html shows it: a {@code <section>} with its id, every text escaped. */
public final class HtmlSection {

    private HtmlSection() {}

    /** Parts alone, where a page lays out its own headings (the sweep page). */
    public static String render(List<Section.Part> parts) {
        StringBuilder html = new StringBuilder();
        parts(html, parts);
        return html.toString();
    }

    public static String render(Section section) {
        StringBuilder html = new StringBuilder("<section id=\"")
                .append(section.id())
                .append("\">\n<h2>")
                .append(HtmlReport.escape(section.title()))
                .append("</h2>\n");
        if (section.reading() != null) {
            html.append("<p>").append(HtmlReport.escape(section.reading())).append("</p>\n");
        }
        parts(html, section.parts());
        return html.append("</section>\n").toString();
    }

    private static void parts(StringBuilder html, List<Section.Part> parts) {
        for (Section.Part part : parts) {
            switch (part) {
                case Section.Table table -> table(html, table);
                case Section.RangeTable table -> rangeTable(html, table);
                case Section.Heading heading ->
                    html.append("<h3>")
                            .append(HtmlReport.escape(heading.text()))
                            .append("</h3>\n");
                case Section.Paragraph paragraph ->
                    html.append("<p>")
                            .append(HtmlReport.escape(paragraph.text()))
                            .append("</p>\n");
                case Section.Bullets bullets -> bullets(html, bullets);
                case Section.Verdicts verdicts -> verdicts(html, verdicts);
                case Section.SideBySide sides -> {
                    html.append("<div class=\"sides\">\n");
                    for (List<Section.Part> side : sides.sides()) {
                        html.append("<div>");
                        parts(html, side);
                        html.append("</div>\n");
                    }
                    html.append("</div>\n");
                }
                case Section.Folded folded -> {
                    html.append("<details><summary>")
                            .append(HtmlReport.escape(folded.summary()))
                            .append("</summary>\n");
                    parts(html, folded.parts());
                    html.append("</details>\n");
                }
                case Section.PageOnly pageOnly -> html.append(pageOnly.html());
            }
        }
    }

    private static void table(StringBuilder html, Section.Table table) {
        html.append(table.id() == null ? "<table>\n" : "<table id=\"" + table.id() + "\">\n");
        if (table.caption() != null) {
            html.append("<caption>").append(HtmlReport.escape(table.caption())).append("</caption>\n");
        }
        html.append("<tr>");
        table.header()
                .forEach(cell ->
                        html.append("<th>").append(HtmlReport.escape(cell)).append("</th>"));
        html.append("</tr>\n");
        for (int r = 0; r < table.rows().size(); r++) {
            List<String> row = table.rows().get(r);
            boolean words = table.wordRows().contains(r);
            html.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                html.append(
                                table.numeric().get(i) && !words
                                        ? "<td class=\"num\">"
                                        : longWord(row.get(i)) ? "<td class=\"long\">" : "<td>")
                        .append(HtmlReport.escape(row.get(i)))
                        .append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    /**
     * A word longer than this (a property name, a command line's argument) may break anywhere: only such a word can
     * make a table wider than its window, and letting every cell break anywhere would split short words too.
     */
    private static final int LONG_WORD = 40;

    private static boolean longWord(String text) {
        return Arrays.stream(text.split("\\s+")).anyMatch(word -> word.length() > LONG_WORD);
    }

    /** Its header may wrap and a range breaks at its dash, so many servers side by side fit a window. */
    private static void rangeTable(StringBuilder html, Section.RangeTable table) {
        html.append("<table class=\"").append(table.htmlClass()).append("\"><tr>");
        table.labels()
                .forEach(label ->
                        html.append("<th>").append(HtmlReport.escape(label)).append("</th>"));
        html.append("</tr>\n");
        for (List<Section.Ranged> row : table.rows()) {
            html.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                Section.Ranged cell = row.get(i);
                html.append(i == 0 ? "<td class=\"server\">" : "<td>").append(HtmlReport.escape(cell.median()));
                if (cell.min() != null) {
                    html.append("<br><small>")
                            .append(HtmlReport.escape(cell.min()))
                            .append("&ndash;<wbr>")
                            .append(HtmlReport.escape(cell.max()))
                            .append("</small>");
                }
                html.append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    /** Each verdict on one line, its evidence and advice folded under it: the headline above has said it in words. */
    private static void verdicts(StringBuilder html, Section.Verdicts verdicts) {
        html.append("<ul>\n");
        for (Section.Judged judged : verdicts.items()) {
            html.append("<li class=\"verdict ")
                    .append(judged.alert() ? "bad" : "ok")
                    .append("\"><details><summary><b>")
                    .append(HtmlReport.escape(judged.subject() + ": " + judged.verdict()))
                    .append("</b> (")
                    .append(
                            judged.findings().size() == 1
                                    ? "1 finding"
                                    : judged.findings().size() + " findings")
                    .append(" and what to do)</summary>");
            under(html, judged.findings(), "");
            html.append("<p>").append(HtmlReport.escape(judged.advice())).append("</p></details></li>\n");
        }
        html.append("</ul>\n");
    }

    private static void bullets(StringBuilder html, Section.Bullets bullets) {
        html.append(bullets.id() == null ? "<ul>\n" : "<ul id=\"" + bullets.id() + "\">\n");
        for (Section.Bullet bullet : bullets.items()) {
            html.append(bullet.mark() == null ? "<li>" : "<li class=\"" + bullet.mark() + "\">")
                    .append(HtmlReport.escape(bullet.text()));
            under(html, bullet.under(), "\n");
            html.append("</li>\n");
        }
        html.append("</ul>\n");
    }

    /** A list one level down, if any; {@code lineEnd} after its opening and each item ("" in a verdict, as ever). */
    private static void under(StringBuilder html, List<String> items, String lineEnd) {
        if (items.isEmpty()) {
            return;
        }
        html.append("<ul>").append(lineEnd);
        items.forEach(item -> html.append("<li>")
                .append(HtmlReport.escape(item))
                .append("</li>")
                .append(lineEnd));
        html.append("</ul>");
    }
}
