package lab.threads.report.page;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import lab.threads.report.math.Numbers;
import lab.threads.report.raw.JvmCounts;
import lab.threads.report.raw.JvmSide;
import lab.threads.report.summary.ServerSummary;

/**
 * "What the CPU was spent on", for a run recorded with {@code --profile}: the JVMs' own counts side by side across
 * servers, then per server the frames that held the CPU and the interactive flame graphs. Nothing at all for a run
 * without recordings.
 */
public final class ProfileSection {

    public static final String TITLE = "What the CPU was spent on";
    static final String READING =
            "Recorded with --profile by each JVM itself, from its start to its exit, warm-up included: "
                    + "JDK Flight Recorder with the lab's lab.jfc, and in the async modes async-profiler's CPU samples (docs/profiling.md). "
                    + "Each cell: the server JVM's figure / the JMeter fork's (n/a: not recorded, e.g. a --target server). A CPU sample "
                    + "is the stack of a running thread, one per 20 ms; a frame's share is how often it was the one running (its own "
                    + "samples, callees excluded). Pinned: times a virtual thread blocked while it could not leave its carrier thread.";
    static final String STYLE = """
            #profile iframe{width:100%;height:32em;border:1px solid #ccc}
            #profile .sides{display:grid;grid-template-columns:1fr 1fr;gap:1em}
            #profile .sides table{width:100%;table-layout:fixed}
            #profile .sides th:first-child{width:5em}
            #profile .sides th:nth-child(2){width:4em}
            #profile td.frame{overflow-wrap:anywhere}
            """;

    private static final List<SummaryTable.Column> COLUMNS = List.of(
            new SummaryTable.Column("server", false, ServerSummary::server),
            bothSides("CPU samples", counts -> Numbers.count(counts.cpuSamples())),
            bothSides("threads started", counts -> Numbers.count(counts.threadsStarted())),
            bothSides("virtual threads started", counts -> Numbers.count(counts.virtualThreadsStarted())),
            bothSides("pinned", counts -> Numbers.count(counts.pinned())),
            bothSides("pinned ms", counts -> Numbers.decimal(counts.pinnedMs(), 1)),
            bothSides("submit failures", counts -> Numbers.count(counts.submitFailed())),
            bothSides("GC pauses ms", counts -> Numbers.decimal(counts.gcPauseMs(), 1)),
            bothSides("longest GC pause ms", counts -> Numbers.decimal(counts.longestGcPauseMs(), 1)),
            bothSides("allocation MB/s", counts -> Numbers.decimal(counts.allocationMbPerSecond(), 1)),
            bothSides("safepoints ms", counts -> Numbers.decimal(counts.safepointMs(), 1)));

    private ProfileSection() {}

    static String html(List<ServerSummary> servers) {
        List<ServerSummary> profiled = profiled(servers);
        if (profiled.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<section id=\"profile\">\n<h2>")
                .append(TITLE)
                .append("</h2>\n<p>")
                .append(HtmlReport.escape(READING))
                .append("</p>\n");
        HtmlReport.appendTable(html, "jvm-counts", COLUMNS, profiled);
        for (ServerSummary server : profiled) {
            html.append("<h3>").append(HtmlReport.escape(server.server())).append("</h3>\n");
            pinLines(server)
                    .forEach(line ->
                            html.append("<p>").append(HtmlReport.escape(line)).append("</p>\n"));
            html.append("<div class=\"sides\">\n");
            for (JvmSide side : JvmSide.values()) {
                html.append("<div>");
                appendHotFrames(html, server, side);
                html.append("</div>\n");
            }
            html.append("</div>\n");
            for (JvmSide side : JvmSide.values()) {
                if (server.profile().counts(side) != null) {
                    appendFlameGraph(html, server.server(), side);
                }
            }
        }
        return html.append("</section>\n").toString();
    }

    /** The server's graph shows at once; the JMeter fork's loads when opened (a lazy frame in a closed details). */
    private static void appendFlameGraph(StringBuilder html, String server, JvmSide side) {
        String flame = HtmlReport.escape(server + "/" + side.flameGraph());
        html.append(side == JvmSide.SERVER ? "<details open>" : "<details>")
                .append("<summary>Flame graph of the ")
                .append(side.label())
                .append("'s CPU (<a href=\"")
                .append(flame)
                .append("\">open it alone</a>; recording <a href=\"")
                .append(HtmlReport.escape(server + "/" + side.recording()))
                .append("\">")
                .append(side.recording())
                .append("</a>)</summary><iframe loading=\"lazy\" src=\"")
                .append(flame)
                .append("\" title=\"")
                .append(HtmlReport.escape(server + ": " + side.label() + " CPU flame graph"))
                .append("\"></iframe></details>\n");
    }

    static String markdown(List<ServerSummary> servers) {
        List<ServerSummary> profiled = profiled(servers);
        if (profiled.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## ")
                .append(TITLE)
                .append("\n\n")
                .append(READING)
                .append("\n\n");
        MarkdownReport.appendTable(md, COLUMNS, profiled);
        for (ServerSummary server : profiled) {
            md.append("\n### ").append(server.server()).append("\n\n");
            pinLines(server).forEach(line -> md.append(line).append("\n\n"));
            for (JvmSide side : JvmSide.values()) {
                JvmCounts counts = server.profile().counts(side);
                if (counts == null) {
                    md.append(notRecorded(side)).append("\n\n");
                    continue;
                }
                md.append("The ")
                        .append(side.label())
                        .append("'s top frames (flame graph: ")
                        .append(server.server())
                        .append('/')
                        .append(side.flameGraph())
                        .append("):\n\n| own samples | share | frame |\n| ---: | ---: | --- |\n");
                counts.hotFrames()
                        .forEach(frame -> md.append("| ")
                                .append(Numbers.count(frame.samples()))
                                .append(" | ")
                                .append(Numbers.decimal(frame.percent(), 1))
                                .append("% | ")
                                .append(frame.frame().replace("|", "\\|"))
                                .append(" |\n"));
                md.append('\n');
            }
        }
        return md.toString();
    }

    private static void appendHotFrames(StringBuilder html, ServerSummary server, JvmSide side) {
        JvmCounts counts = server.profile().counts(side);
        if (counts == null) {
            html.append("<p>").append(HtmlReport.escape(notRecorded(side))).append("</p>");
            return;
        }
        html.append("<table class=\"hot-frames\"><caption>The ")
                .append(side.label())
                .append("'s top frames, of ")
                .append(Numbers.count(counts.cpuSamples()))
                .append(" CPU samples</caption>\n")
                .append("<tr><th>own samples</th><th>share</th><th>frame</th></tr>\n");
        for (JvmCounts.HotFrame frame : counts.hotFrames()) {
            html.append("<tr><td class=\"num\">")
                    .append(Numbers.count(frame.samples()))
                    .append("</td><td class=\"num\">")
                    .append(Numbers.decimal(frame.percent(), 1))
                    .append("%</td><td class=\"frame\">")
                    .append(HtmlReport.escape(frame.frame()))
                    .append("</td></tr>\n");
        }
        html.append("</table>");
    }

    /** One sentence per side that pinned: how often, for how long, and where most of it happened. */
    private static List<String> pinLines(ServerSummary server) {
        return Arrays.stream(JvmSide.values())
                .filter(side -> server.profile().counts(side) != null
                        && server.profile().counts(side).topPinnedStack() != null)
                .map(side -> {
                    JvmCounts counts = server.profile().counts(side);
                    JvmCounts.PinnedStack top = counts.topPinnedStack();
                    return "The " + side.label() + "'s virtual threads: " + pins(counts.pinned()) + ", "
                            + Numbers.decimal(counts.pinnedMs(), 1) + " ms in all; most (" + pins(top.pins()) + ") at "
                            + String.join(" < ", top.frames()) + ": " + top.reason() + ".";
                })
                .toList();
    }

    private static String pins(long count) {
        return Numbers.count(count) + (count == 1 ? " pin" : " pins");
    }

    private static String notRecorded(JvmSide side) {
        return "The " + side.label() + " was not recorded: the lab did not start it (--target), or it left no readable "
                + side.recording() + " (see the notes).";
    }

    private static List<ServerSummary> profiled(List<ServerSummary> servers) {
        return servers.stream().filter(server -> server.profile() != null).toList();
    }

    /** "server's / JMeter's" figure; n/a for a side without a recording. */
    private static SummaryTable.Column bothSides(String header, Function<JvmCounts, String> cell) {
        return new SummaryTable.Column(
                header,
                true,
                server -> side(server, JvmSide.SERVER, cell) + " / " + side(server, JvmSide.CLIENT, cell));
    }

    private static String side(ServerSummary server, JvmSide side, Function<JvmCounts, String> cell) {
        JvmCounts counts = server.profile().counts(side);
        return counts == null ? Numbers.NOT_AVAILABLE : cell.apply(counts);
    }
}
