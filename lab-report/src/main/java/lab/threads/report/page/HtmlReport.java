package lab.threads.report.page;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.report.chart.ChartsSection;
import lab.threads.report.chart.RunCharts;
import lab.threads.report.raw.LoadClient;
import lab.threads.report.raw.RunFolder;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;

/**
 * index.html: one self-contained page (inline CSS and scripts, no network) with the side-by-side table, the charts,
 * errors by cause split by side, links to each server's files, notes and metadata.
 */
public final class HtmlReport {

    private static final String STYLE =
            """
            body{font-family:system-ui,sans-serif;margin:1.5em 2em;color:#222;max-width:1600px}
            h1{margin:.2em 0}
            .partial{background:#fff3cd;border-left:4px solid #b58900;padding:.4em .8em;font-weight:600}
            #headline ul{margin:.3em 0;padding-left:1.2em}
            #headline .plan{color:#555;margin:.3em 0}
            table{border-collapse:collapse;margin:1em 0;font-size:.9em}
            th,td{border:1px solid #ccc;padding:.25em .45em;vertical-align:top}
            th{background:#f3f3f3}
            td.num{text-align:right;font-variant-numeric:tabular-nums}
            .verdict.bad>b{color:#b00}
            .verdict.ok>b{color:#070}
            """ + GlanceBars.STYLE + TimeSection.STYLE + ChartsSection.STYLE + ProfileSection.STYLE;

    private HtmlReport() {}

    /**
     * @param runDir where the page goes: links to server files missing from it are shown as missing
     * @param charts the per-second series of the same servers
     */
    public static String render(RunReport report, Path runDir, RunCharts charts) {
        LoadClient client = report.loadClient();
        StringBuilder html =
                new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <title>Run summary</title>
                <style>
                """).append(STYLE).append("</style>\n</head>\n<body>\n<h1>Run summary</h1>\n");
        Headline.partialNotice(report.servers())
                .ifPresent(notice -> html.append("<p id=\"partial\" class=\"partial\">")
                        .append(escape(notice))
                        .append("</p>\n"));
        html.append("<section id=\"headline\">\n")
                .append(HtmlSection.render(List.of(Headline.lines(report))))
                .append("<p class=\"plan\">")
                .append(escape(Cells.planLine(report)))
                .append("</p>\n</section>\n");
        html.append(GlanceBars.render(report.servers(), report.plan()));
        html.append(HtmlSection.render(RunSections.validity(report.servers())));
        html.append(TimeSection.render(report.servers(), client));
        html.append(HtmlSection.render(RunSections.results(report.servers(), client)));
        html.append(TalkSection.of(report.talk()).map(HtmlSection::render).orElse(""));
        html.append("""
                <!-- ===== CHARTS: drawn by ChartsSection. Keep this section and its id. ===== -->
                """).append(ChartsSection.render(charts, client)).append("<!-- ===== END CHARTS ===== -->\n");
        html.append(HtmlSection.render(KernelSection.of(report.servers(), client)));
        html.append(ProfileSection.of(report.servers(), client)
                .map(HtmlSection::render)
                .orElse(""));
        html.append(HtmlSection.render(RunSections.jmeterColumns(report.servers(), client)));
        html.append(HtmlSection.render(RunSections.errorsByCause(report.servers())));
        appendFiles(html, report.servers(), runDir);
        html.append(RunSections.notes(report.servers()).map(HtmlSection::render).orElse(""));
        html.append(HtmlSection.render(RunSections.metadata(report.metadata())));
        return html.append("</body>\n</html>\n").toString();
    }

    private static void appendFiles(StringBuilder html, List<ServerSummary> servers, Path runDir) {
        html.append("<h2>Files</h2>\n<ul>\n");
        for (ServerSummary server : servers) {
            html.append("<li>").append(escape(server.server())).append(": ");
            List<String> links = List.of(
                            RunFolder.DASHBOARD_FILE,
                            RunFolder.SAMPLES_FILE,
                            RunFolder.STATS_FILE,
                            RunFolder.REQUESTS_FILE)
                    .stream()
                    .map(file -> link(server.server() + "/" + file, runDir))
                    .toList();
            html.append(String.join(", ", links)).append("</li>\n");
        }
        html.append("</ul>\n");
    }

    private static String link(String relative, Path runDir) {
        return Files.exists(runDir.resolve(relative))
                ? "<a href=\"" + escape(relative) + "\">" + escape(relative) + "</a>"
                : escape(relative) + " (missing)";
    }

    /** The five characters that matter in HTML text and attribute values. */
    public static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
