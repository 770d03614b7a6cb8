package lab.threads.report.page;

import java.util.List;

/** A {@link Section} as summary.md shows it: a level-2 heading, then each part, one blank line between them. */
public final class MarkdownSection {

    private MarkdownSection() {}

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
            switch (part) {
                case Section.Table table -> {
                    blankLine(md);
                    table(md, table);
                }
                case Section.Heading heading -> {
                    blankLine(md);
                    md.append("### ").append(heading.text()).append("\n\n");
                }
                case Section.Paragraph paragraph -> {
                    blankLine(md);
                    md.append(paragraph.text()).append("\n\n");
                }
                case Section.Bullets bullets -> {
                    blankLine(md);
                    for (Section.Bullet bullet : bullets.items()) {
                        md.append("- ").append(bullet.text()).append('\n');
                        bullet.under()
                                .forEach(line -> md.append("  - ").append(line).append('\n'));
                    }
                }
                case Section.Verdicts verdicts -> {
                    blankLine(md);
                    verdicts.items()
                            .forEach(judged -> md.append("- **")
                                    .append(judged.subject())
                                    .append("**: ")
                                    .append(judged.verdict())
                                    .append(
                                            judged.findings().isEmpty()
                                                    ? ""
                                                    : ": " + String.join("; ", judged.findings()))
                                    .append(". ")
                                    .append(judged.advice())
                                    .append('\n'));
                }
                case Section.SideBySide sides -> sides.sides().forEach(side -> parts(md, side));
                case Section.PageOnly pageOnly -> {}
            }
        }
    }

    static void table(StringBuilder md, Section.Table table) {
        if (table.caption() != null) {
            md.append(table.caption()).append(":\n\n");
        }
        md.append(MarkdownReport.row(table.header()));
        md.append(MarkdownReport.row(table.numeric().stream()
                .map(numeric -> numeric ? "---:" : "---")
                .toList()));
        table.rows().forEach(row -> md.append(MarkdownReport.row(row)));
    }

    /** Separates a part from the one before it, unless the section just began. */
    private static void blankLine(StringBuilder md) {
        if (!md.toString().endsWith("\n\n")) {
            md.append('\n');
        }
    }
}
