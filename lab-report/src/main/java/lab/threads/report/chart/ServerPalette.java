package lab.threads.report.chart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One colour per server, the same on every chart and bar and never the same for two servers of one report. A family is
 * a threading model and its shades the frameworks: blues a new platform thread, oranges a cached pool, reds a bounded
 * pool, greens virtual threads, brown none.
 */
public final class ServerPalette {
    /** The lab's variants (server-common's Variant, which lab-report does not depend on) by family, then framework. */
    static final Map<String, String> KNOWN = known();
    /** For servers outside {@link #KNOWN}, in this order; none of them is in it. */
    static final List<String> OTHERS =
            List.of("#9467bd", "#7f7f7f", "#bcbd22", "#393b79", "#ad494a", "#637939", "#e7969c", "#c49c94", "#5254a3");

    private ServerPalette() {}

    private static Map<String, String> known() {
        Map<String, String> colors = new LinkedHashMap<>();
        colors.put("server-platform", "#1f77b4");
        colors.put("server-jdk-thread", "#6baed6");
        colors.put("server-pool", "#ff7f0e");
        colors.put("server-jdk-pool", "#a65005");
        colors.put("server-fixed-pool", "#d62728");
        colors.put("server-tomcat-pool", "#e377c2");
        colors.put("server-jetty-pool", "#7b1533");
        colors.put("server-virtual", "#2ca02c");
        colors.put("server-undertow-virtual", "#17becf");
        colors.put("server-tomcat-virtual", "#005a32");
        colors.put("server-jetty-virtual", "#8cc63f");
        colors.put("server-jdk-virtual", "#1b9e77");
        colors.put("server-async", "#8c564b");
        return Map.copyOf(colors);
    }

    /** The colour of each server, in the given order: its family's shade, or the next colour no other server has. */
    public static List<String> colors(List<String> servers) {
        List<String> colors = new ArrayList<>();
        int other = 0;
        for (String server : servers) {
            String known = KNOWN.get(server);
            if (known != null && !colors.contains(known)) {
                colors.add(known);
                continue;
            }
            colors.add(OTHERS.get(other++ % OTHERS.size()));
        }
        return colors;
    }

    /** {@link #colors} as a map, for a page's script. */
    public static Map<String, String> byServer(List<String> servers) {
        Map<String, String> map = new LinkedHashMap<>();
        List<String> colors = colors(servers);
        for (int i = 0; i < servers.size(); i++) {
            map.put(servers.get(i), colors.get(i));
        }
        return map;
    }
}
