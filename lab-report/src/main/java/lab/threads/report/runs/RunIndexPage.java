package lab.threads.report.runs;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.threads.report.math.Numbers;
import lab.threads.report.page.Headline;
import lab.threads.report.page.HtmlReport;
import lab.threads.report.page.PlainPage;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;

/**
 * The run index as a page: one table, a run's cells spanning its servers' rows; a sweep or repeats is a row of its
 * own followed by its cases, each with the plan properties it changed. Then the comparisons and the skipped folders.
 */
final class RunIndexPage {

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);
    private static final List<ServerFigure> FIGURES =
            List.of(ServerFigure.PERCENT_OF_IDEAL, ServerFigure.ERROR_PERCENT, ServerFigure.P99);
    private static final String STYLE = """
            tbody{border-top:2px solid #888}
            .case{padding-left:1em}
            """;

    private RunIndexPage() {}

    static String render(RunIndex.Contents contents) {
        StringBuilder html =
                new StringBuilder("<p class=\"muted\">Newest first; rewritten after each <code>./lab run</code> "
                        + "and by <code>./lab report</code>. Figures per server: % of the plan's ideal throughput, error %, the client's "
                        + "p99 and whether the client held the figures back. Compare two runs: <code>./lab compare &lt;run&gt; "
                        + "&lt;run&gt;</code>.</p>\n");
        if (contents.runs().isEmpty()) {
            html.append("<p>No runs in this folder yet.</p>\n");
        } else {
            html.append(
                    "<table id=\"runs\">\n<thead><tr><th>date (UTC)</th><th>run</th><th>plan, client</th><th>server</th>"
                            + "<th>outcome</th>");
            FIGURES.forEach(figure -> html.append("<th>")
                    .append(HtmlReport.escape(figure.label()))
                    .append("</th>"));
            html.append("<th>client verdict</th></tr></thead>\n");
            contents.runs().forEach(entry -> appendEntry(html, entry));
            html.append("</table>\n");
        }
        appendList(
                html,
                "comparisons",
                "Comparisons",
                contents.comparisons().stream()
                        .map(folder -> link(folder + "/" + ComparisonReport.FILE, folder))
                        .toList());
        appendList(
                html,
                "tasks",
                "The executor alone (./lab tasks)",
                contents.tasks().stream()
                        .map(tasks -> link(tasks.folder() + "/" + RunFolder.HTML_FILE, tasks.folder()) + " "
                                + HtmlReport.escape(tasks.words()))
                        .toList());
        appendList(
                html,
                "pinning",
                "Which waits pin a virtual thread (./lab pinning)",
                contents.pinning().stream()
                        .map(pinning -> link(pinning.folder() + "/" + RunFolder.HTML_FILE, pinning.folder()) + " "
                                + HtmlReport.escape(pinning.words()))
                        .toList());
        appendList(
                html,
                "skipped",
                "Not listed",
                contents.skipped().stream().map(HtmlReport::escape).toList());
        return PlainPage.of("Runs", STYLE, html.toString());
    }

    private static void appendEntry(StringBuilder html, RunIndex.Entry entry) {
        int rows = entry.cases().stream()
                        .mapToInt(runCase -> rows(runCase.report()))
                        .sum()
                + (entry.group() ? 1 : 0);
        html.append("<tbody>\n<tr><td rowspan=\"%s\">%s</td>".formatted(rows, DATE.format(entry.date())));
        String runLink = link(entry.folder() + "/" + RunFolder.HTML_FILE, entry.folder());
        if (!entry.group()) {
            appendCase(
                    html,
                    runLink,
                    plan(entry.metadata()),
                    entry.cases().getFirst().report());
        } else {
            html.append("<td>%s<br>%s</td><td>%s</td><td colspan=\"%s\">%s</td></tr>\n"
                    .formatted(
                            runLink,
                            HtmlReport.escape(groupWords(entry)),
                            plan(entry.metadata()),
                            3 + FIGURES.size(),
                            HtmlReport.escape(outcomes(entry))));
            Map<String, String> groupKnobs = knobs(entry.metadata());
            for (RunIndex.Case runCase : entry.cases()) {
                html.append("<tr>");
                String changed = words(knobs(runCase.report().metadata()).entrySet().stream()
                        .filter(knob -> !Objects.equals(groupKnobs.get(knob.getKey()), knob.getValue())));
                appendCase(
                        html,
                        "<span class=\"case\">"
                                + link(
                                        entry.folder() + "/" + runCase.folder() + "/" + RunFolder.HTML_FILE,
                                        runCase.folder())
                                + "</span>",
                        HtmlReport.escape(changed),
                        runCase.report());
            }
        }
        html.append("</tbody>\n");
    }

    /** The run and plan cells spanning one row per server; the caller has opened the first row. */
    private static void appendCase(StringBuilder html, String runCell, String planCell, RunReport report) {
        html.append("<td rowspan=\"%2$s\">%1$s</td><td rowspan=\"%2$s\">%3$s</td>"
                .formatted(runCell, rows(report), planCell));
        List<ServerSummary> servers = report.servers();
        if (servers.isEmpty()) {
            html.append("<td colspan=\"").append(3 + FIGURES.size()).append("\">no server ran</td></tr>\n");
        }
        for (int i = 0; i < servers.size(); i++) {
            ServerSummary server = servers.get(i);
            html.append(i == 0 ? "" : "<tr>")
                    .append(PlainPage.cell(server.server(), false))
                    .append(PlainPage.cell(server.outcome().words(), false));
            FIGURES.forEach(figure -> html.append(PlainPage.cell(figure.format(figure.read(server)), true)));
            html.append(PlainPage.cell(
                            server.validity() == null ? Numbers.NOT_AVAILABLE : Headline.clientWords(server.validity()),
                            false))
                    .append("</tr>\n");
        }
    }

    private static int rows(RunReport report) {
        return Math.max(1, report.servers().size());
    }

    /** "sweep users=1000,5000 x 3 repeats", "sweep users=1000,5000" or "3 repeats" */
    private static String groupWords(RunIndex.Entry entry) {
        String sweep = entry.metadata().turns().sweep();
        Integer repeats = entry.metadata().turns().repeats();
        boolean repeated = repeats != null && repeats > 1;
        return sweep == null ? repeats + " repeats" : "sweep " + sweep + (repeated ? " x " + repeats + " repeats" : "");
    }

    /** "every server ok" or how many server runs were not. */
    private static String outcomes(RunIndex.Entry entry) {
        long notOk = entry.cases().stream()
                .flatMap(c -> c.report().servers().stream())
                .filter(server -> !server.outcome().ok())
                .count();
        return notOk == 0 ? "every server ran to the end" : notOk + " server run(s) did not end ok: see the cases";
    }

    /** The plan's name and properties, then the client. */
    private static String plan(RunRecord metadata) {
        String plan = Objects.requireNonNullElse(metadata.load().plan(), "plan?");
        return HtmlReport.escape(plan + " " + words(knobs(metadata).entrySet().stream())) + "<br><span class=\"muted\">"
                + HtmlReport.escape(Objects.requireNonNullElse(metadata.load().client(), "")) + "</span>";
    }

    private static Map<String, String> knobs(RunRecord metadata) {
        return Objects.requireNonNullElse(metadata.load().planProperties(), Map.of());
    }

    private static String words(Stream<? extends Map.Entry<?, ?>> knobs) {
        return knobs.map(knob -> knob.getKey() + "=" + knob.getValue()).collect(Collectors.joining(" "));
    }

    private static String link(String href, String text) {
        return "<a href=\"" + HtmlReport.escape(href) + "\">" + HtmlReport.escape(text) + "</a>";
    }

    private static void appendList(StringBuilder html, String id, String title, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        html.append("<h2>").append(title).append("</h2>\n<ul id=\"").append(id).append("\">\n");
        items.forEach(item -> html.append("<li>").append(item).append("</li>\n"));
        html.append("</ul>\n");
    }
}
