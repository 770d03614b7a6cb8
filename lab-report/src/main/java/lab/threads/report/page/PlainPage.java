package lab.threads.report.page;

/**
 * The frame of every page the lab writes: inline style, no network, a title. Long cells break and preformatted blocks
 * wrap, so no page scrolls sideways. Once loaded, it marks {@code <body>} with {@code data-page-width} and {@code
 * data-on-first-screen} (the {@link #FIRST_SCREEN} parts that end within the window), so a browser test can tell a page
 * too wide or an answer below the first screen.
 */
public final class PlainPage {

    /** The attribute that marks an element (with an id) that should end within a 1280 x 800 window. */
    public static final String FIRST_SCREEN = "data-first-screen";

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:1.5em 2em;color:#222;max-width:1600px}
            table{border-collapse:collapse;margin:1em 0;font-size:.9em}
            th,td{border:1px solid #ccc;padding:.25em .45em;vertical-align:top;overflow-wrap:break-word}
            td.long{overflow-wrap:anywhere}
            th{background:#f3f3f3;text-align:left}
            td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            pre{white-space:pre-wrap;overflow-wrap:anywhere}
            .muted{color:#666}
            """;

    private static final String MARK_LAYOUT = """
            <script>window.addEventListener('load', () => {
              document.body.dataset.pageWidth = String(document.documentElement.scrollWidth);
              const marked = [...document.querySelectorAll('[FIRST_SCREEN]')];
              if (marked.length > 0) {
                document.body.dataset.onFirstScreen = marked
                    .filter(element => element.getBoundingClientRect().bottom <= window.innerHeight)
                    .map(element => element.id).join(' ');
              }
            });</script>
            """.replace("FIRST_SCREEN", FIRST_SCREEN);

    private PlainPage() {}

    /** @param body the page's HTML below its title, already escaped */
    public static String of(String title, String extraStyle, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
                + HtmlReport.escape(title)
                + "</title>\n<style>\n" + STYLE + extraStyle + "</style>\n</head>\n<body>\n<h1>"
                + HtmlReport.escape(title)
                + "</h1>\n" + body + MARK_LAYOUT + "</body>\n</html>\n";
    }

    public static String cell(String text, boolean numeric) {
        return (numeric ? "<td class=\"num\">" : "<td>") + HtmlReport.escape(text) + "</td>";
    }
}
