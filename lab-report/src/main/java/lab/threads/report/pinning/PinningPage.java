package lab.threads.report.pinning;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import lab.threads.report.page.Cells;
import lab.threads.report.page.HtmlReport;
import lab.threads.report.runs.PlainPage;

/** The pinning run as markdown (pinning.md) and a page (index.html), from one table model. */
final class PinningPage {
    private static final List<String> METADATA = List.of(
            "date", "command", "gitRevision", "os", "cores", "load", "serverJdks", "requests", "waitMs", "deadlineMs");

    /** @param rows each row's cells, already words */
    record Table(List<String> headers, List<List<String>> rows) {}

    private PinningPage() {}

    static String markdown(PinningReport report) {
        StringBuilder md = new StringBuilder("# Which waits pin a virtual thread (./lab pinning)\n\n")
                .append(intro(report))
                .append("\n\n");
        metadata(report).forEach(line -> md.append("- ").append(line).append('\n'));
        md.append("\n## The talk's table, measured\n\n").append(markdownTable(talkTable(report)));
        for (int jdk : report.jdks()) {
            md.append("\n## Every probe on JDK ")
                    .append(jdk)
                    .append("\n\n")
                    .append(markdownTable(probeTable(report.probes(jdk))));
        }
        return md.toString();
    }

    static String html(PinningReport report) {
        StringBuilder html = new StringBuilder("<p>")
                .append(HtmlReport.escape(intro(report)))
                .append("</p>\n<ul class=\"muted\">\n");
        metadata(report)
                .forEach(line ->
                        html.append("<li>").append(HtmlReport.escape(line)).append("</li>\n"));
        html.append("</ul>\n<h2 id=\"talk\">The talk's table, measured</h2>\n").append(htmlTable(talkTable(report)));
        for (int jdk : report.jdks()) {
            html.append("<h2 id=\"jdk-")
                    .append(jdk)
                    .append("\">Every probe on JDK ")
                    .append(jdk)
                    .append("</h2>\n")
                    .append(htmlTable(probeTable(report.probes(jdk))));
        }
        return PlainPage.of("Which waits pin a virtual thread", "", html.toString());
    }

    private static String intro(PinningReport report) {
        PinningProbe any = report.probes().isEmpty() ? null : report.probes().getFirst();
        String shape = any == null
                ? ""
                : String.format(
                        Locale.ROOT,
                        " Each probe: %d requests of a %d ms wait sent at once (ideal %.0f req/s; if every carrier"
                                + " is held, carriers / wait = %.1f req/s).",
                        any.requests(),
                        any.waitMs(),
                        any.idealPerSecond(),
                        any.pinnedPerSecond());
        return "Each wait kind (/sleep?how=) on each virtual-thread server, in a fresh JVM per probe, the cached pool"
                + " beside them as the platform reference." + shape + " Friendly: at least "
                + (int) PinningVerdict.KEPT_PERCENT + "% of the ideal on the scheduler's own carriers; compensates: the"
                + " same by starting more carriers; pins: below it, down to about carriers / wait; slow, not pinned:"
                + " below it yet far above carriers / wait (the operation's own cost or the machine). Throughput and answers are the probe client's,"
                + " p99 the server's own, OS threads the kernel's, carriers and pinned events the server JVM's (JFR).";
    }

    private static List<String> metadata(PinningReport report) {
        return METADATA.stream()
                .filter(report.metadata()::containsKey)
                .map(key -> key + ": " + Cells.metadataValue(report.metadata().get(key)))
                .toList();
    }

    static Table talkTable(PinningReport report) {
        List<String> headers = new ArrayList<>(List.of("operation (how=)", "the talk (early Loom)"));
        report.jdks().forEach(jdk -> headers.add("JDK " + jdk + ", measured"));
        List<List<String>> rows = new ArrayList<>();
        for (TalkRow row : report.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.operation() + " (" + row.kind() + ")", row.talkSays()));
            report.jdks().forEach(jdk -> cells.add(report.verdict(row, jdk)));
            rows.add(cells);
        }
        return new Table(headers, rows);
    }

    static Table probeTable(List<PinningProbe> probes) {
        List<String> headers = List.of(
                "how",
                "server",
                "verdict",
                "answered",
                "req/s",
                "% of ideal",
                "carriers",
                "OS threads (peak)",
                "server p99 ms",
                "pinned events",
                "top pinned frames",
                "native samples");
        List<List<String>> rows = probes.stream()
                .map(p -> List.of(
                        p.kind(),
                        p.server(),
                        PinningVerdict.of(p).words(),
                        p.completed() + " of " + p.requests() + (p.failed() > 0 ? " (" + p.failed() + " failed)" : ""),
                        String.format(Locale.ROOT, "%.1f", p.perSecond()),
                        String.format(Locale.ROOT, "%.1f", p.percentOfIdeal()),
                        p.carriers() < 0 ? "?" : p.carriers() + " of " + p.parallelism(),
                        Integer.toString(p.peakOsThreads()),
                        p.serverP99Ms() == null ? "" : String.format(Locale.ROOT, "%.0f", p.serverP99Ms()),
                        Integer.toString(p.pinnedEvents()),
                        p.pinnedTop(),
                        p.nativeSamples() + (p.nativeTop().isEmpty() ? "" : " (" + p.nativeTop() + ")")))
                .toList();
        return new Table(headers, rows);
    }

    private static String markdownTable(Table table) {
        StringBuilder md = new StringBuilder("| ")
                .append(String.join(" | ", table.headers()))
                .append(" |\n|");
        table.headers().forEach(header -> md.append(" --- |"));
        md.append('\n');
        table.rows()
                .forEach(row -> md.append("| ")
                        .append(String.join(
                                " | ",
                                row.stream().map(c -> c.replace("|", "\\|")).toList()))
                        .append(" |\n"));
        return md.toString();
    }

    private static String htmlTable(Table table) {
        StringBuilder html = new StringBuilder("<table>\n<thead><tr>");
        table.headers()
                .forEach(header ->
                        html.append("<th>").append(HtmlReport.escape(header)).append("</th>"));
        html.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : table.rows()) {
            html.append("<tr>");
            row.forEach(cell -> html.append(PlainPage.cell(cell, cell.matches("[0-9.,]+"))));
            html.append("</tr>\n");
        }
        return html.append("</tbody>\n</table>\n").toString();
    }
}
