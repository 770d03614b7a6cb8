package lab.threads.report.page;

import java.util.List;
import java.util.stream.Collectors;
import lab.threads.report.summary.RunReport;

/** summary.md: index.html's blocks in {@link RunLayout}'s order, in text; what only a page can show left out. */
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
