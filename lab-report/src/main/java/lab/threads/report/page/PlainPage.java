package lab.threads.report.page;

/**
 * The frame of the pages made of tables and words alone (the run index, a comparison, {@link SectionPage}s): inline style, no script library, no
 * network. Like index.html, it marks {@code data-page-width} (the page's scroll width) on {@code <body>}, so a test
 * in a real browser can tell a table wider than the window.
 */
public final class PlainPage {

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:1.5em 2em;color:#222;max-width:1600px}
            table{border-collapse:collapse;margin:1em 0;font-size:.9em}
            th,td{border:1px solid #ccc;padding:.25em .45em;vertical-align:top;overflow-wrap:break-word}
            th{background:#f3f3f3;text-align:left}
            td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            .muted{color:#666}
            """;

    private static final String MARK_WIDTH = """
            <script>window.addEventListener('load', () => {
              document.body.dataset.pageWidth = String(document.documentElement.scrollWidth);
            });</script>
            """;

    private PlainPage() {}

    /** @param body the page's HTML below its title, already escaped */
    public static String of(String title, String extraStyle, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
                + HtmlReport.escape(title)
                + "</title>\n<style>\n" + STYLE + extraStyle + "</style>\n</head>\n<body>\n<h1>"
                + HtmlReport.escape(title)
                + "</h1>\n" + body + MARK_WIDTH + "</body>\n</html>\n";
    }

    /** A cell: escaped text, right-aligned when it is a number. */
    public static String cell(String text, boolean numeric) {
        return (numeric ? "<td class=\"num\">" : "<td>") + HtmlReport.escape(text) + "</td>";
    }
}
