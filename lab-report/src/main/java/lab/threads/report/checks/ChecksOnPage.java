package lab.threads.report.checks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import lab.threads.report.page.HtmlReport;
import lab.threads.run.AtomicFile;

/** The checks on the run's page under its heading, replaced when judged again; dropped when the page is redone. */
final class ChecksOnPage {
    private static final Pattern EARLIER = Pattern.compile("(?s)<section id=\"checks\".*?</section>\\n");
    private static final String HEADING_END = "</h1>\n";

    private ChecksOnPage() {}

    /** Into {@code page} when it exists and has a heading; a page without either is left as it is. */
    static void put(Path page, ChecksReport report) throws IOException {
        if (!Files.isRegularFile(page)) {
            return;
        }
        String html = EARLIER.matcher(Files.readString(page)).replaceFirst("");
        int at = html.indexOf(HEADING_END);
        if (at < 0) {
            return;
        }
        at += HEADING_END.length();
        AtomicFile.write(page, html.substring(0, at) + section(report) + html.substring(at));
    }

    static String section(ChecksReport report) {
        StringBuilder html = new StringBuilder("<section id=\"checks\" data-first-screen>\n<p>"
                + HtmlReport.element("b", "Checks: " + report.counts()) + " (exit " + report.exitCode()
                + ")</p>\n<ul>\n");
        for (CheckResult result : report.results()) {
            html.append("<li class=\"verdict %s\"><b>%s</b> %s</li>\n"
                    .formatted(
                            result.status() == CheckStatus.PASSED ? "ok" : "bad",
                            result.status().word(),
                            HtmlReport.escape(result.server() + " " + result.check() + ": "
                                    + result.figureAgainstBound() + "; " + result.reason())));
        }
        return html.append("</ul>\n</section>\n").toString();
    }
}
