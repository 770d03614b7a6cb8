package lab.threads.report.page;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import lab.threads.report.math.LedgerParts;
import lab.threads.report.math.MachineLedger;
import lab.threads.report.summary.ServerSummary;

/** Who used the machine's CPU in each turn: one stacked bar per turn, its parts named with their seconds. */
final class LedgerBars {

    static final String STYLE = """
            .ledger .row{display:grid;grid-template-columns:10em 1fr;align-items:center;gap:.4em;font-size:.85em;margin:.3em 0}
            .ledger .track{background:#eee;height:1.1em;display:flex}
            .ledger .parts{grid-column:2;color:#444}
            .ledger .key{display:inline-block;width:.8em;height:.8em;margin:0 .3em 0 .8em;vertical-align:middle}
            """;

    /** Each part's colour: the two sides strong, the lab and the kernel muted, the disturbers warm. */
    private static final Map<LedgerParts.Part, String> COLORS = Map.of(
            LedgerParts.Part.SERVER, "#1f77b4",
            LedgerParts.Part.CLIENT, "#ff7f0e",
            LedgerParts.Part.LAB, "#9467bd",
            LedgerParts.Part.KERNEL, "#7f7f7f",
            LedgerParts.Part.STEAL, "#d62728",
            LedgerParts.Part.OTHER, "#e377c2",
            LedgerParts.Part.INTERRUPTS, "#bcbd22",
            LedgerParts.Part.UNATTRIBUTED, "#c7c7c7");

    private LedgerBars() {}

    static String render(List<ServerSummary> servers) {
        if (servers.stream().allMatch(server -> server.ledger() == null)) {
            return "";
        }
        StringBuilder html = new StringBuilder("<section id=\"ledger\" class=\"ledger\">\n<h2>Who used the machine's"
                + " CPU</h2>\n<p>Each bar is the cores' whole time over a server's load; its parts are who kept them "
                + "busy (ledger.jsonl), the rest idle. The word above is decided from them.</p>\n<p>");
        List<LedgerParts.Part> present = List.of(LedgerParts.Part.values()).stream()
                .filter(part -> servers.stream()
                        .anyMatch(server -> server.ledger() != null
                                && server.ledger().load().byPart().getOrDefault(part, 0L) > 0))
                .toList();
        present.forEach(part -> html.append("<span class=\"key\" style=\"background:" + COLORS.get(part) + "\"></span>")
                .append(HtmlReport.escape(part.words())));
        html.append("</p>\n");
        for (ServerSummary server : servers) {
            html.append("<div class=\"row\">").append(HtmlReport.element("span", server.server()));
            MachineLedger ledger = server.ledger();
            if (ledger == null) {
                html.append("<span>no ledger (an older run)</span></div>\n");
                continue;
            }
            double whole = 1000.0 * ledger.cores() * ledger.seconds();
            html.append("<span class=\"track\">");
            StringBuilder words = new StringBuilder(String.format(
                    Locale.ROOT,
                    "busy %.1f s of %d cores x %d s (every core busy %d s):",
                    ledger.load().busyMs() / 1000.0,
                    ledger.cores(),
                    ledger.seconds(),
                    ledger.saturatedSeconds()));
            for (Map.Entry<LedgerParts.Part, Long> part : ledger.load().byPart().entrySet()) {
                if (part.getValue() <= 0) {
                    continue;
                }
                String seconds = String.format(Locale.ROOT, "%.1f s", part.getValue() / 1000.0);
                html.append(String.format(
                        Locale.ROOT,
                        "<span title=\"%s %s\" style=\"width:%.1f%%;background:%s\"></span>",
                        HtmlReport.escape(part.getKey().words()),
                        seconds,
                        whole <= 0 ? 0 : Math.min(100, 100 * part.getValue() / whole),
                        COLORS.get(part.getKey())));
                words.append(" " + part.getKey().words() + " " + seconds + ",");
            }
            words.setLength(words.length() - 1);
            html.append("</span>" + HtmlReport.element("span class=\"parts\"", words.toString()) + "</div>\n");
        }
        return html.append("</section>\n").toString();
    }
}
