package lab.threads.report.page;

import java.util.List;
import java.util.Locale;
import lab.threads.model.client.LoadClient;
import lab.threads.report.math.Numbers;
import lab.threads.report.math.RequestPart;
import lab.threads.report.math.TimeBreakdown;
import lab.threads.report.summary.ServerSummary;

/** "Where the time went": stacked bars of each server's median request and slowest 1%, on one scale. */
public final class TimeSection {

    static final String STYLE = """
            #time .row{display:grid;grid-template-columns:15em 1fr;align-items:center;gap:.5em;font-size:.85em;margin:.15em 0}
            #time .stack{display:flex;height:1.3em;background:#f6f6f6}
            #time .stack span{display:block;height:100%;overflow:hidden;color:#fff;font-size:.8em;line-height:1.6em;text-indent:.2em;white-space:nowrap}
            #time .legend span{display:inline-block;margin-right:1em;font-size:.85em}
            #time .legend i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:middle}
            """;
    /** One colour per {@link RequestPart}, in its order; the handler (the asked-for sleep) is the calm one. */
    private static final List<String> COLORS =
            List.of("#8e44ad", "#c0392b", "#a04000", "#e67e22", "#d4ac0d", "#16a085", "#5d6d7e", "#7f8c8d", "#2980b9");

    private TimeSection() {}

    /** @param client the client that recorded the samples, named where the section speaks of it */
    public static String render(List<ServerSummary> servers, LoadClient client) {
        List<ServerSummary> measured =
                servers.stream().filter(server -> server.timeline().present()).toList();
        if (measured.isEmpty()) {
            return "";
        }
        double scale = measured.stream()
                .mapToDouble(server -> server.timeline().slowest().elapsedMs())
                .max()
                .orElse(1);
        StringBuilder html = new StringBuilder(
                "<section id=\"time\">\n<h2>Where the time went</h2>\n<p>Each request timed at "
                        + "both ends (" + client.possessive()
                        + " sample and the server's own record of it, joined by its "
                        + "id): the mean of each part for the "
                        + "median requests and for the slowest 1%, in seconds, on one scale.</p>\n<p class=\"legend\">");
        List<RequestPart> parts = shownParts(measured);
        parts.forEach(part -> html.append("<span title=\"%s\"><i style=\"background:%s\"></i>%s</span>"
                .formatted(
                        HtmlReport.escape(part.meaning(client)),
                        COLORS.get(part.ordinal()),
                        HtmlReport.escape(part.label()))));
        html.append("</p>\n");
        for (ServerSummary server : measured) {
            TimeBreakdown time = server.timeline();
            html.append(HtmlReport.element("h3", server.server() + ": " + server.timeVerdict()))
                    .append('\n');
            if (server.pool() != null) {
                html.append(HtmlReport.element(
                                "p class=\"pool\"",
                                capitalised(server.pool().words()) + ". "
                                        + capitalised(server.pool().check()) + "."))
                        .append('\n');
            }
            bar(html, "median request", time.median(), scale, parts);
            bar(html, "slowest 1%", time.slowest(), scale, parts);
            if (time.first() != null && time.keptAlive() != null) {
                // Two paths: a new connection through the kernel's queue and accept, a kept one behind its read.
                bar(html, "first requests: median", time.first().median(), scale, parts);
                bar(html, "first requests: slowest 1%", time.first().slowest(), scale, parts);
                bar(html, "keep-alive: median", time.keptAlive().median(), scale, parts);
                bar(html, "keep-alive: slowest 1%", time.keptAlive().slowest(), scale, parts);
            }
            html.append("<p class=\"beside\">");
            if (time.withoutServerRecord() > 0) {
                html.append(HtmlReport.escape("Beside the slowest 1%: " + Numbers.count(time.withoutServerRecord())
                                + " request(s) the server never answered (" + time.causes() + ")."))
                        .append(' ');
            }
            html.append(HtmlReport.escape(
                            time.kernelCheck() == null
                                    ? "Kernel accept queue: no Recv-Q series to check it against."
                                    : (Boolean.FALSE.equals(time.kernelCheck().agree()) ? "⚠ " : "")
                                            + time.kernelCheck().words() + "."))
                    .append("</p>\n");
        }
        html.append("<details><summary>Each part in words, and the figures</summary>\n<ul>\n");
        parts.forEach(part -> html.append("<li>" + HtmlReport.element("b", part.label()) + ": "
                + HtmlReport.escape(part.meaning(client)) + "</li>\n"));
        html.append("</ul>\n");
        measured.forEach(server -> html.append(HtmlReport.element(
                        "p", server.server() + ": " + server.timeline().finding() + "."))
                .append('\n'));
        return html.append("</details>\n</section>\n").toString();
    }

    private static String capitalised(String words) {
        return words.isEmpty() ? words : Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }

    /** Every part, but a pool's only when a request went through one: a run of sleeps shows no empty pool. */
    private static List<RequestPart> shownParts(List<ServerSummary> measured) {
        boolean pooled = measured.stream().anyMatch(server -> server.timeline().pooled());
        return java.util.Arrays.stream(RequestPart.values())
                .filter(part -> pooled || !part.pooled())
                .toList();
    }

    private static void bar(
            StringBuilder html, String label, TimeBreakdown.Band band, double scale, List<RequestPart> parts) {
        html.append("<div class=\"row\"><span>")
                .append(HtmlReport.escape(String.format(Locale.ROOT, "%s: %.1f s", label, band.elapsedMs() / 1000)))
                .append("</span><span class=\"stack\">");
        for (RequestPart part : parts) {
            double ms = band.ms(part);
            String seconds = String.format(Locale.ROOT, "%.1f s", ms / 1000);
            html.append(String.format(
                    Locale.ROOT,
                    "<span title=\"%s\" style=\"width:%.2f%%;background:%s\">%s</span>",
                    HtmlReport.escape(part.label() + ": " + seconds),
                    100 * ms / scale,
                    COLORS.get(part.ordinal()),
                    ms / scale >= 0.08 ? HtmlReport.escape(part.label() + " " + seconds) : ""));
        }
        html.append("</span></div>\n");
    }
}
