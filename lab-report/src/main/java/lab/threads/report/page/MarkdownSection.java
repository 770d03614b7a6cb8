package lab.threads.report.page;

import java.util.List;

/** A {@link Section} as summary.md shows it: a level-2 heading, then each part, one blank line between them. */
public final class MarkdownSection {

    private MarkdownSection() {}

    /** Parts alone, where a page lays out its own headings (the sweep's summary). */
    public static String render(List<Section.Part> parts) {
        StringBuilder md = new StringBuilder();
        parts(md, parts);
        return md.toString();
    }

    public static String render(Section section) {
        StringBuilder md = new StringBuilder("\n## ").append(section.title()).append("\n\n");
        if (section.reading() != null) {
            md.append(section.reading()).append("\n\n");
        }
        parts(md, section.parts());
        return md.toString();
    }

    private static void parts(StringBuilder md, List<Section.Part> parts) {
        for (Section.Part part : parts) {
            // Separates a part from the one before it, unless the section (or the parts alone) just began.
            if (!(part instanceof Section.SideBySide || part instanceof Section.PageOnly)
                    && !md.isEmpty()
                    && !md.toString().endsWith("\n\n")) {
                md.append('\n');
            }
            switch (part) {
                case Section.Table table -> table(md, table);
                case Section.RangeTable table -> rangeTable(md, table);
                case Section.Heading heading ->
                    md.append("### ").append(heading.text()).append("\n\n");
                case Section.Paragraph paragraph -> md.append(paragraph.text()).append("\n\n");
                case Section.Bullets bullets -> {
                    for (Section.Bullet bullet : bullets.items()) {
                        md.append("- ").append(bullet.text()).append('\n');
                        bullet.under()
                                .forEach(line -> md.append("  - ").append(line).append('\n'));
                    }
                }
                case Section.Verdicts verdicts ->
                    verdicts.items()
                            .forEach(judged -> md.append("- **%s**: %s%s. %s\n"
                                    .formatted(
                                            judged.subject(),
                                            judged.verdict(),
                                            judged.findings().isEmpty()
                                                    ? ""
                                                    : ": " + String.join("; ", judged.findings()),
                                            judged.advice())));
                case Section.Folded folded -> {
                    md.append("### ").append(folded.summary()).append("\n\n");
                    parts(md, folded.parts());
                }
                case Section.SideBySide sides -> sides.sides().forEach(side -> parts(md, side));
                case Section.PageOnly pageOnly -> {}
            }
        }
    }

    private static void table(StringBuilder md, Section.Table table) {
        if (table.caption() != null) {
            md.append(table.caption()).append(":\n\n");
        }
        md.append(MarkdownReport.row(table.header()));
        md.append(MarkdownReport.row(table.numeric().stream()
                .map(numeric -> numeric ? "---:" : "---")
                .toList()));
        table.rows().forEach(row -> md.append(MarkdownReport.row(row)));
    }

    /** The first column as a word, the rest right-aligned: "median [min - max]", or the median alone. */
    private static void rangeTable(StringBuilder md, Section.RangeTable table) {
        md.append(MarkdownReport.row(table.keys()));
        md.append("| --- |").append(" ---: |".repeat(table.keys().size() - 1)).append('\n');
        table.rows()
                .forEach(row -> md.append(MarkdownReport.row(row.stream()
                        .map(cell -> cell.min() == null
                                ? cell.median()
                                : cell.median() + " [" + cell.min() + " - " + cell.max() + "]")
                        .toList())));
    }
}
