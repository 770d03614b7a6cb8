package lab.threads.report.page;

import java.nio.file.Path;
import lab.threads.report.chart.ChartsSection;
import lab.threads.report.chart.RunCharts;
import lab.threads.report.summary.RunReport;

/** index.html: one self-contained page (no network), its blocks in {@link RunLayout}'s order. */
public final class HtmlReport {

    /** What the run's page adds to the frame's style. */
    private static final String STYLE =
            """
            h1{margin:.2em 0}
            .partial{background:#fff3cd;border-left:4px solid #b58900;padding:.4em .8em;font-weight:600}
            #headline p{margin:.3em 0}
            #headline>p:first-child{font-weight:600}
            #headline ul{margin:.3em 0;padding-left:1.2em}
            #headline .plan{color:#555}
            .verdict summary{cursor:pointer}
            .verdict.bad b{color:#b00}
            .verdict.ok b{color:#070}
            """ + GlanceBars.STYLE + LedgerBars.STYLE + TimeSection.STYLE + ChartsSection.STYLE + ProfileSection.STYLE;

    private HtmlReport() {}

    /** @param runDir where the page goes: links to server files missing from it are shown as missing */
    public static String render(RunReport report, Path runDir, RunCharts charts) {
        return PlainPage.of("Run summary", STYLE, RunLayout.html(report, new RunLayout.PageInputs(runDir, charts)));
    }

    /** {@code <open>text</open>}, the text escaped; {@code open} may carry attributes ({@code td class="num"}). */
    public static String element(String open, String text) {
        return "<" + open + ">" + escape(text) + "</" + open.split(" ", 2)[0] + ">";
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
