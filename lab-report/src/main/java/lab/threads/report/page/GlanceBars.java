package lab.threads.report.page;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import lab.threads.report.chart.ServerPalette;
import lab.threads.report.math.Numbers;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;

/**
 * The page's at-a-glance bars: one small group per figure, one bar per server, drawn in HTML and CSS alone (no
 * script), so they show even where charts cannot. Each group has its own scale: 100 for a percentage of the ideal,
 * the largest value otherwise.
 */
final class GlanceBars {

    static final String STYLE = """
            .glance{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:.8em 1.5em;margin:1em 0}
            .glance h3{font-size:.95em;margin:0 0 .3em}
            .glance .row{display:grid;grid-template-columns:8.5em 1fr 4.5em;align-items:center;gap:.4em;font-size:.85em}
            .glance .track{background:#eee;height:.9em}
            .glance .bar{height:100%}
            .glance .value{text-align:right;font-variant-numeric:tabular-nums}
            """;

    /** @param scale the value drawn full width; null: the largest value of the group */
    private record Figure(String title, Function<ServerSummary, Double> value, Double scale, int places, String unit) {}

    private GlanceBars() {}

    static String render(List<ServerSummary> servers, PlanShape plan) {
        List<Figure> figures = List.of(
                new Figure("% of the ideal", s -> s.idealThroughput() > 0 ? s.percentOfIdeal() : null, 100.0, 1, "%"),
                new Figure("errors", s -> s.summary().errorPercent(), null, 2, "%"),
                new Figure(
                        "p99 / sleep",
                        s -> plan.sleepMs() > 0 ? (double) s.percentiles().p99() / plan.sleepMs() : null,
                        null,
                        2,
                        "x"),
                new Figure("peak threads", s -> toDouble(s.serverStats().peakThreads()), null, 0, ""),
                new Figure(
                        "peak RSS (MB)",
                        s -> toDouble(s.serverStats().peakRssBytes()) == null
                                ? null
                                : s.serverStats().peakRssBytes() / (1024.0 * 1024.0),
                        null,
                        0,
                        ""));
        StringBuilder html = new StringBuilder("<div class=\"glance\" id=\"glance\" " + PlainPage.FIRST_SCREEN + ">\n");
        for (Figure figure : figures) {
            double scale = figure.scale() != null
                    ? figure.scale()
                    : servers.stream()
                            .map(figure.value())
                            .filter(v -> v != null && !v.isNaN())
                            .mapToDouble(Double::doubleValue)
                            .max()
                            .orElse(0);
            html.append("<div><h3>").append(HtmlReport.escape(figure.title())).append("</h3>\n");
            List<String> colors = ServerPalette.colors(
                    servers.stream().map(ServerSummary::server).toList());
            for (int i = 0; i < servers.size(); i++) {
                Double value = figure.value().apply(servers.get(i));
                double width = value == null || scale <= 0 ? 0 : Math.min(100, 100 * value / scale);
                html.append("<div class=\"row\"><span>")
                        .append(HtmlReport.escape(servers.get(i).server()))
                        .append("</span><span class=\"track\"><span class=\"bar\" style=\"display:block;width:")
                        .append(String.format(Locale.ROOT, "%.1f", width))
                        .append("%;background:")
                        .append(colors.get(i))
                        .append("\"></span></span><span class=\"value\">")
                        .append(
                                value == null
                                        ? Numbers.NOT_AVAILABLE
                                        : Numbers.decimal(value, figure.places()) + figure.unit())
                        .append("</span></div>\n");
            }
            html.append("</div>\n");
        }
        return html.append("</div>\n").toString();
    }

    private static Double toDouble(Long value) {
        return value == null ? null : value.doubleValue();
    }
}
