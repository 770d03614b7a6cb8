package lab.threads.report.page;

import java.util.List;
import java.util.stream.Collectors;
import lab.threads.report.raw.LoadClient;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;

/** summary.md: the side-by-side table, ready to paste into a README, then the plan, the sections, notes and metadata. */
public final class MarkdownReport {

    private MarkdownReport() {}

    public static String render(RunReport report) {
        LoadClient client = report.loadClient();
        StringBuilder md = new StringBuilder("# Run summary\n\n");
        Headline.partialNotice(report.servers())
                .ifPresent(notice -> md.append("> **").append(notice).append("**\n\n"));
        md.append(MarkdownSection.render(List.of(Headline.lines(report))));
        md.append(MarkdownSection.render(RunSections.validity(report.servers())));
        md.append("\n## Results\n\n");
        appendTable(md, SummaryTable.COLUMNS, report.servers());
        md.append('\n').append(Cells.planLine(report)).append('\n');
        md.append(HtmlReport.reading(client)).append('\n');
        md.append(TalkSection.of(report.talk()).map(MarkdownSection::render).orElse(""));
        md.append("\n## Details\n\n");
        appendTable(md, SummaryTable.DETAIL_COLUMNS, report.servers());
        md.append(MarkdownSection.render(KernelSection.of(report.servers(), client)));
        md.append(ProfileSection.of(report.servers(), client)
                .map(MarkdownSection::render)
                .orElse(""));
        md.append(MarkdownSection.render(RunSections.jmeterColumns(report.servers(), client)));
        md.append(
                RunSections.notes(report.servers()).map(MarkdownSection::render).orElse(""));
        md.append(MarkdownSection.render(RunSections.metadata(report.metadata())));
        return md.toString();
    }

    static void appendTable(StringBuilder md, List<SummaryTable.Column> columns, List<ServerSummary> servers) {
        MarkdownSection.table(md, Section.Table.of(null, columns, servers));
    }

    static String row(List<String> cells) {
        return cells.stream()
                .map(cell -> cell.replace("|", "\\|").replace("\n", " "))
                .collect(Collectors.joining(" | ", "| ", " |\n"));
    }
}
