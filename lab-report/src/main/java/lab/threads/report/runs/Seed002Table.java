package lab.threads.report.runs;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import lab.threads.report.page.Cells;
import lab.threads.report.page.HtmlReport;

/**
 * Seed 002's table (SEEDS.md: a hello world at 10, 100, 1,000 and 10,000 concurrent requests) for a sweep with nothing
 * blocking: per server and level, req/s, p50/p99/max, errors by cause, each side's CPU per request, OS threads and
 * RSS. Only a sweep without an ideal (a 0 ms sleep) gets it: with a sleep the main table and the bends say more.
 */
final class Seed002Table {

    static final String TITLE = "Seed 002's table: no blocking";
    static final String SEED = "Seed 002 published (Lucee, quad-core, virtual threads): 83,000 req/s at 10 concurrent, "
            + "79,000 at 100, 39,000 at 1,000, 10,000 at 10,000. Here the client shares the server's cores: each run's "
            + "verdict says which side bounded its req/s.";
    /** Causes shown per cell; the rest are counted in the case's own report. */
    private static final int CAUSES_SHOWN = 2;

    private Seed002Table() {}

    static boolean applies(List<SweepPoint> points) {
        return !points.isEmpty()
                && points.stream()
                        .allMatch(p ->
                                Double.isNaN(p.figures().get("percentOfIdeal").median()));
    }

    static String markdown(List<SweepPoint> points) {
        if (!applies(points)) {
            return "";
        }
        StringBuilder md = new StringBuilder("## " + TITLE + "\n\n" + SEED + "\n\n| server | ")
                .append(points.getFirst().property())
                .append(" | ")
                .append(ServerFigure.SEED_002.stream().map(ServerFigure::label).collect(Collectors.joining(" | ")))
                .append(" | errors by cause |\n| --- | ---:")
                .append(" | ---:".repeat(ServerFigure.SEED_002.size()))
                .append(" | --- |\n");
        for (SweepPoint point : points) {
            md.append("| ")
                    .append(point.server())
                    .append(" | ")
                    .append(point.level())
                    .append(" | ");
            for (ServerFigure figure : ServerFigure.SEED_002) {
                md.append(figure.format(point.figures().get(figure.key()))).append(" | ");
            }
            md.append(causes(point.errorsByCause())).append(" |\n");
        }
        return md.append('\n').toString();
    }

    static String html(List<SweepPoint> points) {
        if (!applies(points)) {
            return "";
        }
        StringBuilder html = new StringBuilder("<h2>" + TITLE + "</h2><p>" + HtmlReport.escape(SEED) + "</p>")
                .append("<table class=\"sweep seed002\"><tr><th>server</th><th>")
                .append(HtmlReport.escape(points.getFirst().property()))
                .append("</th>");
        ServerFigure.SEED_002.forEach(figure ->
                html.append("<th>").append(HtmlReport.escape(figure.label())).append("</th>"));
        html.append("<th>errors by cause</th></tr>\n");
        for (SweepPoint point : points) {
            html.append("<tr><td class=\"server\">")
                    .append(HtmlReport.escape(point.server()))
                    .append("</td><td>")
                    .append(HtmlReport.escape(point.level()))
                    .append("</td>");
            for (ServerFigure figure : ServerFigure.SEED_002) {
                html.append("<td>")
                        .append(HtmlReport.escape(figure.format(point.figures().get(figure.key()))))
                        .append("</td>");
            }
            html.append("<td style=\"text-align:left\">")
                    .append(HtmlReport.escape(causes(point.errorsByCause())))
                    .append("</td></tr>\n");
        }
        return html.append("</table>\n").toString();
    }

    /** The most frequent causes with their counts over the repeats, e.g. "server: HTTP 503 (12)"; "none" without. */
    static String causes(Map<String, Long> errorsByCause) {
        if (errorsByCause.isEmpty()) {
            return "none";
        }
        String shown = errorsByCause.entrySet().stream()
                .limit(CAUSES_SHOWN)
                .map(cause -> cause.getKey() + " (" + Cells.count(cause.getValue()) + ")")
                .collect(Collectors.joining("; "));
        int more = errorsByCause.size() - CAUSES_SHOWN;
        return more > 0 ? shown + "; " + more + " more" : shown;
    }
}
