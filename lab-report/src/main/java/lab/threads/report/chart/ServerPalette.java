package lab.threads.report.chart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * One colour per server, the same on every chart and bar and never the same for two servers of one report. A family is
 * a threading model and its shades the frameworks: blues a new platform thread, oranges a cached pool, reds a bounded
 * pool, greens virtual threads, brown none.
 */
public final class ServerPalette {
    /** The lab's variants (server-common's Variant, which lab-report does not depend on) by family, then framework. */
    static final Map<String, String> KNOWN = Map.ofEntries(
            Map.entry("server-platform", "#1f77b4"),
            Map.entry("server-jdk-thread", "#6baed6"),
            Map.entry("server-pool", "#ff7f0e"),
            Map.entry("server-jdk-pool", "#a65005"),
            Map.entry("server-fixed-pool", "#d62728"),
            Map.entry("server-tomcat-pool", "#e377c2"),
            Map.entry("server-jetty-pool", "#7b1533"),
            Map.entry("server-virtual", "#2ca02c"),
            Map.entry("server-undertow-virtual", "#17becf"),
            Map.entry("server-tomcat-virtual", "#005a32"),
            Map.entry("server-jetty-virtual", "#8cc63f"),
            Map.entry("server-jdk-virtual", "#1b9e77"),
            Map.entry("server-async", "#8c564b"));
    /** For servers outside {@link #KNOWN}, in this order; none of them is in it. */
    static final List<String> OTHERS =
            List.of("#9467bd", "#7f7f7f", "#bcbd22", "#393b79", "#ad494a", "#637939", "#e7969c", "#c49c94", "#5254a3");

    private ServerPalette() {}

    /** The colour of each server, in the given order: its family's shade, or the next colour no other server has. */
    public static List<String> colors(List<String> servers) {
        List<String> colors = new ArrayList<>();
        int other = 0;
        for (String server : servers) {
            String known = KNOWN.get(server);
            colors.add(known != null && !colors.contains(known) ? known : OTHERS.get(other++ % OTHERS.size()));
        }
        return colors;
    }

    /** {@link #colors} as a map, for a page's script. */
    public static Map<String, String> byServer(List<String> servers) {
        List<String> colors = colors(servers);
        Map<String, String> map = new LinkedHashMap<>();
        IntStream.range(0, servers.size()).forEach(i -> map.put(servers.get(i), colors.get(i)));
        return map;
    }
}
