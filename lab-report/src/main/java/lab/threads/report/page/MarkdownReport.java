package lab.threads.report.page;

import java.util.List;
import java.util.stream.Collectors;
import lab.threads.report.raw.LoadClient;
import lab.threads.report.summary.RunReport;

/**
 * summary.md: index.html's sections in its order, in text: the headline and the plan, whose figures these are, the
 * side-by-side table (ready to paste into a README) with its more columns, then the other sections, notes and metadata.
 * What the page alone shows (the glance bars, the time bars, the charts, errors by cause per server, the files' links)
 * is left out: their words are in the headline, the verdicts and the tables.
 */
public final class MarkdownReport {

    private MarkdownReport() {}

    public static String render(RunReport report) {
        LoadClient client = report.loadClient();
        StringBuilder md = new StringBuilder("# Run summary\n\n");
        Headline.partialNotice(report.servers())
                .ifPresent(notice -> md.append("> **").append(notice).append("**\n\n"));
        md.append(MarkdownSection.render(List.of(Headline.lines(report))));
        md.append('\n').append(Cells.planLine(report)).append('\n');
        md.append(MarkdownSection.render(RunSections.validity(report.servers())));
        md.append(MarkdownSection.render(RunSections.results(report.servers(), client)));
        md.append(TalkSection.of(report.talk()).map(MarkdownSection::render).orElse(""));
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

    static String row(List<String> cells) {
        return cells.stream()
                .map(cell -> cell.replace("|", "\\|").replace("\n", " "))
                .collect(Collectors.joining(" | ", "| ", " |\n"));
    }
}
