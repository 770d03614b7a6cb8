package lab.threads.report.page;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import lab.threads.report.chart.ServerPalette;
import lab.threads.report.math.Numbers;
import lab.threads.report.summary.Figure;
import lab.threads.report.summary.FigurePlace;
import lab.threads.report.summary.FigureUnit;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;

/** The first screen's bars in HTML and CSS alone: a group per registered glance figure, a bar per server. */
final class GlanceBars {

    static final String STYLE = """
            .glance{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:.8em 1.5em;margin:1em 0}
            .glance h3{font-size:.95em;margin:0 0 .3em}
            .glance .row{display:grid;grid-template-columns:8.5em 1fr 4.5em;align-items:center;gap:.4em;font-size:.85em}
            .glance .track{background:#eee;height:.9em}
            .glance .bar{height:100%}
            .glance .value{text-align:right;font-variant-numeric:tabular-nums}
            """;

    /** Decimals of a multiple of the sleep: a p99 of 1.2 sleeps differs from one of 1.0. */
    private static final int PER_SLEEP_PLACES = 2;

    private GlanceBars() {}

    /** Each registered figure shown on the glance bars ({@link FigurePlace.Glance}), in the registry's order. */
    static String render(List<ServerSummary> servers, PlanShape plan) {
        StringBuilder html = new StringBuilder("<div class=\"glance\" id=\"glance\" " + PlainPage.FIRST_SCREEN + ">\n");
        for (Figure figure : Figure.shownIn(FigurePlace.Glance.class)) {
            FigurePlace.Glance glance = figure.place(FigurePlace.Glance.class).orElseThrow();
            Function<ServerSummary, Double> value = barValue(figure, glance, plan);
            double scale = glance.scale() == FigurePlace.GlanceScale.RANGE_TOP
                    ? figure.range().max()
                    : servers.stream()
                            .map(value)
                            .filter(v -> v != null && !v.isNaN())
                            .mapToDouble(Double::doubleValue)
                            .max()
                            .orElse(0);
            String title = glance.title() == null ? figure.label() : glance.title();
            boolean perSleep = glance.scale() == FigurePlace.GlanceScale.PER_SLEEP;
            String unit = perSleep ? "x" : figure.unit() == FigureUnit.PERCENT ? "%" : "";
            int places = perSleep ? PER_SLEEP_PLACES : figure.places();
            html.append("<div>" + HtmlReport.element("h3", title) + "\n");
            List<String> colors = ServerPalette.colors(
                    servers.stream().map(ServerSummary::server).toList());
            for (int i = 0; i < servers.size(); i++) {
                Double bar = value.apply(servers.get(i));
                // A fall (a negative growth) draws no bar; its value still shows.
                double width = bar == null || scale <= 0 ? 0 : Math.clamp(100 * bar / scale, 0, 100);
                html.append(String.format(
                        Locale.ROOT,
                        "<div class=\"row\"><span>%s</span><span class=\"track\"><span class=\"bar\" style=\""
                                + "display:block;width:%.1f%%;background:%s\"></span></span><span class=\"value\">%s"
                                + "</span></div>\n",
                        HtmlReport.escape(servers.get(i).server()),
                        width,
                        colors.get(i),
                        bar == null ? Numbers.NOT_AVAILABLE : Numbers.decimal(bar, places) + unit));
            }
            html.append("</div>\n");
        }
        return html.append("</div>\n").toString();
    }

    /** The bar's value: the figure's own, or for {@link FigurePlace.GlanceScale#PER_SLEEP} its multiple of the sleep. */
    private static Function<ServerSummary, Double> barValue(Figure figure, FigurePlace.Glance glance, PlanShape plan) {
        return server -> {
            Number number = figure.value(server);
            if (number == null || glance.scale() != FigurePlace.GlanceScale.PER_SLEEP) {
                return number == null ? null : number.doubleValue();
            }
            return plan.sleepMs() > 0 ? number.doubleValue() / plan.sleepMs() : null;
        };
    }
}
