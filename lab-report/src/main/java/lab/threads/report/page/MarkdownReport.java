package lab.threads.report.page;

import java.util.List;
import java.util.stream.Collectors;
import lab.threads.report.summary.RunReport;

/**
 * summary.md: index.html's blocks in its order ({@link RunLayout}), in text: the answer, a sentence per server and the
 * plan, whose figures these are, the side-by-side table (ready to paste into a README) with its more columns, then
 * the other sections, notes and metadata. What the page alone shows (the glance bars, the time bars, the charts,
 * errors by cause per server, the files' links) is left out: their words are in the headline, the verdicts and the
 * tables.
 */
public final class MarkdownReport {

    private MarkdownReport() {}

    public static String render(RunReport report) {
        return "# Run summary\n\n" + RunLayout.markdown(report);
    }

    static String row(List<String> cells) {
        return cells.stream()
                .map(cell -> cell.replace("|", "\\|").replace("\n", " "))
                .collect(Collectors.joining(" | ", "| ", " |\n"));
    }
}
