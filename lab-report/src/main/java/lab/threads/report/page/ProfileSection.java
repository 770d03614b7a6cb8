package lab.threads.report.page;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import lab.threads.model.client.LoadClient;
import lab.threads.report.math.Numbers;
import lab.threads.report.raw.JvmCounts;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.JvmSide;

/** "What the CPU was spent on" under {@code --profile}: the JVMs' counts, hot frames and flame graphs. */
public final class ProfileSection {

    public static final String TITLE = "What the CPU was spent on";

    static String reading(LoadClient client) {
        return "Recorded with --profile by each JVM itself, from its start to its exit, warm-up included: "
                + "JDK Flight Recorder with the lab's lab.jfc, and in the async modes async-profiler's CPU samples (docs/profiling.md). "
                + "Each cell: the server JVM's figure / the " + client.fork()
                + "'s (n/a: not recorded, e.g. a --target "
                + "server). A CPU sample is the stack of a running thread, one per 20 ms; a frame's share is how often it "
                + "was the one running (its own samples, callees excluded). Pinned: times a virtual thread blocked while it "
                + "could not leave its carrier thread.";
    }

    static final String STYLE = """
            #profile iframe{width:100%;height:32em;border:1px solid #ccc}
            #profile .sides{display:grid;grid-template-columns:1fr 1fr;gap:1em}
            #profile .sides table{width:100%;table-layout:fixed}
            #profile .sides th:first-child{width:5em}
            #profile .sides th:nth-child(2){width:4em}
            #profile .sides td:last-child{overflow-wrap:anywhere}
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

    /** Empty for a run without recordings. */
    static Optional<Section> of(List<ServerSummary> servers, LoadClient client) {
        List<ServerSummary> profiled =
                servers.stream().filter(server -> server.profile() != null).toList();
        if (profiled.isEmpty()) {
            return Optional.empty();
        }
        List<Section.Part> parts = new ArrayList<>(List.of(Section.Table.of("jvm-counts", COLUMNS, profiled)));
        for (ServerSummary server : profiled) {
            parts.add(new Section.Heading(server.server()));
            pinLines(server, client).forEach(line -> parts.add(new Section.Paragraph(line)));
            parts.add(new Section.SideBySide(Arrays.stream(JvmSide.values())
                    .map(side -> hotFrames(server, side, client))
                    .toList()));
            StringBuilder flameGraphs = new StringBuilder();
            Arrays.stream(JvmSide.values())
                    .filter(side -> server.profile().counts(side) != null)
                    .forEach(side -> appendFlameGraph(flameGraphs, server.server(), side, client));
            parts.add(new Section.PageOnly(flameGraphs.toString()));
        }
        return Optional.of(new Section("profile", TITLE, reading(client), parts));
    }

    /** The server's graph shows at once; the client fork's loads when opened (a lazy frame in a closed details). */
    private static void appendFlameGraph(StringBuilder html, String server, JvmSide side, LoadClient client) {
        String flame = HtmlReport.escape(server + "/" + side.flameGraph());
        html.append(side == JvmSide.SERVER ? "<details open>" : "<details>")
                .append(
                        "<summary>Flame graph of the %s's CPU (<a href=\"%s\">open it alone</a>; recording <a href=\"%s\">%s</a>)"
                                .formatted(
                                        side.label(client),
                                        flame,
                                        HtmlReport.escape(server + "/" + side.recording()),
                                        side.recording()))
                .append("</summary><iframe loading=\"lazy\" src=\"%s\" title=\"%s\"></iframe></details>\n"
                        .formatted(flame, HtmlReport.escape(server + ": " + side.label(client) + " CPU flame graph")));
    }

    /** One side's frames that held the CPU, with where its flame graph is. */
    private static List<Section.Part> hotFrames(ServerSummary server, JvmSide side, LoadClient client) {
        JvmCounts counts = server.profile().counts(side);
        if (counts == null) {
            return List.of(new Section.Paragraph("The " + side.label(client)
                    + " was not recorded: the lab did not start it (--target), or it left no readable "
                    + side.recording()
                    + " (see the notes)."));
        }
        return List.of(new Section.Table(
                null,
                "The " + side.label(client) + "'s top frames, of " + Numbers.count(counts.cpuSamples())
                        + " CPU samples (flame graph: " + server.server() + "/" + side.flameGraph() + ")",
                List.of("own samples", "share", "frame"),
                List.of(true, true, false),
                counts.hotFrames().stream()
                        .map(frame -> List.of(
                                Numbers.count(frame.samples()),
                                Numbers.decimal(frame.percent(), 1) + "%",
                                frame.frame()))
                        .toList()));
    }

    /** One sentence per side that pinned: how often, for how long, and where most of it happened. */
    private static List<String> pinLines(ServerSummary server, LoadClient client) {
        return Arrays.stream(JvmSide.values())
                .filter(side -> server.profile().counts(side) != null
                        && server.profile().counts(side).topPinnedStack() != null)
                .map(side -> {
                    JvmCounts counts = server.profile().counts(side);
                    JvmCounts.PinnedStack top = counts.topPinnedStack();
                    return "The " + side.label(client) + "'s virtual threads: " + pins(counts.pinned()) + ", "
                            + Numbers.decimal(counts.pinnedMs(), 1) + " ms in all; most (" + pins(top.pins()) + ") at "
                            + String.join(" < ", top.frames()) + ": " + top.reason() + ".";
                })
                .toList();
    }

    private static String pins(long count) {
        return Numbers.count(count) + (count == 1 ? " pin" : " pins");
    }

    /** "server's / the client's" figure; n/a for a side without a recording. */
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
