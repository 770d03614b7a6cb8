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
        StringBuilder html = new StringBuilder("<section id=\"" + section.id() + "\">\n")
                .append(HtmlReport.element("h2", section.title()))
                .append('\n');
        if (section.reading() != null) {
            html.append(HtmlReport.element("p", section.reading())).append('\n');
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
                    html.append(HtmlReport.element("h3", heading.text())).append('\n');
                case Section.Paragraph paragraph ->
                    html.append(HtmlReport.element("p", paragraph.text())).append('\n');
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
                    html.append("<details>" + HtmlReport.element("summary", folded.summary()) + "\n");
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
            html.append(HtmlReport.element("caption", table.caption())).append('\n');
        }
        headerRow(html, table.header());
        for (int r = 0; r < table.rows().size(); r++) {
            List<String> row = table.rows().get(r);
            boolean words = table.wordRows().contains(r);
            html.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                String td = table.numeric().get(i) && !words
                        ? "td class=\"num\""
                        : longWord(row.get(i)) ? "td class=\"long\"" : "td";
                html.append(HtmlReport.element(td, row.get(i)));
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    /** A word longer than this may break anywhere: only such a word can make a table wider than its window. */
    private static final int LONG_WORD = 40;

    private static boolean longWord(String text) {
        return Arrays.stream(text.split("\\s+")).anyMatch(word -> word.length() > LONG_WORD);
    }

    /** Its header may wrap and a range breaks at its dash, so many servers side by side fit a window. */
    private static void rangeTable(StringBuilder html, Section.RangeTable table) {
        html.append("<table class=\"").append(table.htmlClass()).append("\">");
        headerRow(html, table.labels());
        for (List<Section.Ranged> row : table.rows()) {
            html.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                Section.Ranged cell = row.get(i);
                html.append(i == 0 ? "<td class=\"server\">" : "<td>").append(HtmlReport.escape(cell.median()));
                if (cell.min() != null) {
                    html.append("<br><small>" + HtmlReport.escape(cell.min()) + "&ndash;<wbr>"
                            + HtmlReport.escape(cell.max()) + "</small>");
                }
                html.append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private static void headerRow(StringBuilder html, List<String> header) {
        html.append("<tr>");
        header.forEach(cell -> html.append(HtmlReport.element("th", cell)));
        html.append("</tr>\n");
    }

    /** Each verdict on one line, its evidence and advice folded under it: the headline above has said it in words. */
    private static void verdicts(StringBuilder html, Section.Verdicts verdicts) {
        html.append("<ul>\n");
        for (Section.Judged judged : verdicts.items()) {
            int findings = judged.findings().size();
            html.append("<li class=\"verdict " + (judged.alert() ? "bad" : "ok") + "\"><details><summary>")
                    .append(HtmlReport.element("b", judged.subject() + ": " + judged.verdict()))
                    .append(" (" + (findings == 1 ? "1 finding" : findings + " findings")
                            + " and what to do)</summary>");
            under(html, judged.findings(), "");
            html.append(HtmlReport.element("p", judged.advice())).append("</details></li>\n");
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
        items.forEach(item -> html.append(HtmlReport.element("li", item)).append(lineEnd));
        html.append("</ul>");
    }
}
