package lab.threads.report.chart;

import java.util.List;

/** One color per server, by its place in the report, so the page's charts and headline.png agree. */
public final class ServerPalette {

    public static final List<String> COLORS = List.of("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b");

    private ServerPalette() {}

    public static String color(int serverIndex) {
        return COLORS.get(serverIndex % COLORS.size());
    }
}
