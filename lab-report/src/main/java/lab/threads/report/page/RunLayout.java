package lab.threads.report.page;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.threads.model.client.LoadClient;
import lab.threads.report.chart.ChartsSection;
import lab.threads.report.chart.RunCharts;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunFolder;

/** The order of a run's report, said once: index.html and summary.md both walk this list. */
final class RunLayout {

    /** What only a page has to draw with: the run's folder, for the files' links, and the charts' series. */
    record PageInputs(Path runDir, RunCharts charts) {}

    /** One block of the report: how a page shows it and how summary.md does ("" where the text has no place for it). */
    private record Block(Function<PageInputs, String> html, Supplier<String> markdown) {

        static Block shared(Section section) {
            return new Block(page -> HtmlSection.render(section), () -> MarkdownSection.render(section));
        }

        static Block shared(Optional<Section> section) {
            return section.map(Block::shared).orElse(new Block(page -> "", () -> ""));
        }

        /** Its words are in the other blocks too (the headline, the verdicts, the tables). */
        static Block pageOnly(Function<PageInputs, String> html) {
            return new Block(html, () -> "");
        }
    }

    private RunLayout() {}

    static String html(RunReport report, PageInputs page) {
        return blocks(report).stream().map(block -> block.html().apply(page)).collect(Collectors.joining());
    }

    static String markdown(RunReport report) {
        return blocks(report).stream().map(block -> block.markdown().get()).collect(Collectors.joining());
    }

    private static List<Block> blocks(RunReport report) {
        List<ServerSummary> servers = report.servers();
        LoadClient client = report.loadClient();
        return List.of(
                new Block(
                        page -> Headline.partialNotice(servers)
                                .map(notice ->
                                        "<p id=\"partial\" class=\"partial\">" + HtmlReport.escape(notice) + "</p>\n")
                                .orElse(""),
                        () -> Headline.partialNotice(servers)
                                .map(notice -> "> **" + notice + "**\n\n")
                                .orElse("")),
                new Block(
                        page -> "<section id=\"headline\" " + PlainPage.FIRST_SCREEN + ">\n"
                                + HtmlSection.render(Headline.parts(report))
                                + "<p class=\"plan\">" + HtmlReport.escape(Cells.planLine(report))
                                + "</p>\n</section>\n",
                        () -> MarkdownSection.render(Headline.parts(report)) + '\n' + Cells.planLine(report) + '\n'),
                Block.pageOnly(page -> GlanceBars.render(servers, report.plan())),
                Block.shared(RunSections.validity(servers)),
                Block.pageOnly(page -> LedgerBars.render(servers)),
                Block.pageOnly(page -> TimeSection.render(servers, client)),
                Block.shared(RunSections.results(report)),
                Block.shared(OverloadSection.of(servers)),
                Block.shared(TalkSection.of(report.talk())),
                Block.pageOnly(page ->
                        """
                        <!-- ===== CHARTS: drawn by ChartsSection. Keep this section and its id. ===== -->
                        """ + ChartsSection.render(page.charts(), client) + "<!-- ===== END CHARTS ===== -->\n"),
                Block.shared(KernelSection.of(servers, client)),
                Block.shared(ProfileSection.of(servers, client)),
                Block.shared(RunSections.summaryReportColumns(servers, client)),
                Block.pageOnly(page -> HtmlSection.render(RunSections.errorsByCause(servers))),
                Block.pageOnly(page -> files(servers, page.runDir())),
                Block.shared(RunSections.notes(servers)),
                Block.shared(RunSections.metadata(report.metadata())));
    }

    /** Each server's raw files, linked; one missing from the folder is shown as missing. */
    private static String files(List<ServerSummary> servers, Path runDir) {
        StringBuilder html = new StringBuilder("<h2>Files</h2>\n<ul>\n");
        for (ServerSummary server : servers) {
            html.append("<li>").append(HtmlReport.escape(server.server())).append(": ");
            html.append(Stream.of(
                                    RunFolder.DASHBOARD_FILE,
                                    RunFolder.SAMPLES_FILE,
                                    RunFolder.STATS_FILE,
                                    RunFolder.REQUESTS_FILE)
                            .map(file -> link(server.server() + "/" + file, runDir))
                            .collect(Collectors.joining(", ")))
                    .append("</li>\n");
        }
        return html.append("</ul>\n").toString();
    }

    private static String link(String relative, Path runDir) {
        return Files.exists(runDir.resolve(relative))
                ? "<a href=\"" + HtmlReport.escape(relative) + "\">" + HtmlReport.escape(relative) + "</a>"
                : HtmlReport.escape(relative) + " (missing)";
    }
}
