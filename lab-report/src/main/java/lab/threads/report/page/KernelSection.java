package lab.threads.report.page;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import lab.threads.model.client.LoadClient;
import lab.threads.report.math.Numbers;
import lab.threads.report.raw.KernelEvidence;
import lab.threads.report.raw.SeriesGaps;
import lab.threads.report.summary.ServerSummary;

/** The kernel's view of each server's run, and where a once-a-second series is missing. */
final class KernelSection {

    static final String TITLE = "The kernel's view, and the series seen from outside";

    static String reading(LoadClient client) {
        return "Read by the runner every second, in the server's network namespace: the listening "
                + "port's accept queue (connections the kernel completed and the server has not yet accepted; ss Recv-Q) "
                + "and how much each counter grew over the load (/proc/net/netstat and snmp). A SYN dropped at a full queue "
                + "costs its connect about 1 s per retry, so " + client.possessive()
                + " connects of 900 ms or more are "
                + "checked against the kernel's listen drops. The listener's Recv-Q is also read 10 times a second "
                + "(accept-queue.jsonl): the area under it is the time connections spent in the kernel's accept queue, "
                + "which the timeline's kernel accept queue parts (" + client.possessive() + " connect end to the "
                + "server's accept) must match within 20%.";
    }

    private static List<SummaryTable.Column> columns(LoadClient client) {
        return List.of(
                new SummaryTable.Column("server", false, ServerSummary::server),
                new SummaryTable.Column(
                        "accept queue peak / backlog",
                        true,
                        kernel(k -> Numbers.count(k.peakAcceptQueue()) + " / " + Numbers.count(k.backlog()))),
                new SummaryTable.Column("seconds with a queue", true, kernel(k -> Numbers.count(k.secondsQueued()))),
                new SummaryTable.Column("ListenOverflows", true, kernel(k -> Numbers.count(k.listenOverflows()))),
                new SummaryTable.Column("ListenDrops", true, kernel(k -> Numbers.count(k.listenDrops()))),
                new SummaryTable.Column("SYN retransmits", true, kernel(k -> Numbers.count(k.synRetransmits()))),
                new SummaryTable.Column(
                        "retransmitted segments", true, kernel(k -> Numbers.count(k.retransmittedSegments()))),
                new SummaryTable.Column("namespace", false, kernel(KernelEvidence::namespace)),
                new SummaryTable.Column(
                        client.possessive() + " connects vs the kernel's drops", false, kernel(KernelEvidence::check)),
                new SummaryTable.Column(
                        "the timeline's kernel accept queue vs the area under Recv-Q (Little's law)",
                        false,
                        server -> server.timeline().kernelCheck() == null
                                ? Numbers.NOT_AVAILABLE
                                : server.timeline().kernelCheck().words()));
    }

    private KernelSection() {}

    static Section of(List<ServerSummary> servers, LoadClient client) {
        return new Section(
                "kernel",
                TITLE,
                reading(client),
                List.of(
                        Section.Table.of("kernel-table", columns(client), servers),
                        new Section.Heading("Series missing during the load"),
                        new Section.Bullets(
                                "series-gaps",
                                gapLines(servers).stream()
                                        .map(Section.Bullet::new)
                                        .toList())));
    }

    /** Each server's sentences, or one line saying every series is whole. */
    private static List<String> gapLines(List<ServerSummary> servers) {
        List<String> lines = servers.stream()
                // A summary.json from before the lab looked for gaps reads back without them.
                .flatMap(server -> Objects.requireNonNullElse(server.seriesGaps(), List.<String>of()).stream()
                        .map(gap -> server.server() + ": " + gap))
                .toList();
        return lines.isEmpty()
                ? List.of("none: every series has a line at least every " + SeriesGaps.GAP_MS / 1000 + " s")
                : lines;
    }

    /** A cell from the kernel's view; a run without kernel.jsonl says so. */
    private static Function<ServerSummary, String> kernel(Function<KernelEvidence, String> cell) {
        return server -> server.kernel() == null ? "no kernel.jsonl" : cell.apply(server.kernel());
    }
}
