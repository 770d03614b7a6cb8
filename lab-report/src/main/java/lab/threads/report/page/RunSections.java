package lab.threads.report.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import lab.threads.model.client.LoadClient;
import lab.threads.report.math.Numbers;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.ErrorCause;
import lab.threads.report.verdict.ErrorClass;
import lab.threads.run.RunRecord;

/** The run report's sections of lists, tables and words, rendered alike in index.html and summary.md. */
final class RunSections {

    private RunSections() {}

    /** Whose figures these are, per server, before any number: the client-bound ones stand out. */
    static Section validity(List<ServerSummary> servers) {
        return new Section(
                "validity",
                "Was the client the bottleneck?",
                null,
                List.of(new Section.Verdicts(servers.stream()
                        .map(server -> {
                            ClientVerdict validity = server.validity();
                            return new Section.Judged(
                                    server.server(),
                                    validity.verdict().label(),
                                    validity.findings(),
                                    validity.advice(),
                                    validity.verdict().heldBack());
                        })
                        .toList())));
    }

    /** The main table, how to read it, and the less-read columns folded under it. */
    static Section results(RunReport report) {
        List<ServerSummary> servers = report.servers();
        return new Section(
                "results",
                "Results",
                null,
                List.of(
                        Section.Table.of("summary", SummaryTable.COLUMNS, servers),
                        new Section.Paragraph(reading(report.loadClient())),
                        new Section.Paragraph(SameHeap.sentence(report.metadata())),
                        new Section.Folded(
                                "More columns: averages, the server's own percentiles, both sides' CPU, the server's "
                                        + "peak RSS, the client's memory and GC, errors by cause",
                                List.of(Section.Table.of("details", SummaryTable.DETAIL_COLUMNS, servers)))));
    }

    /** How to read the main table, naming the client that ran. */
    private static String reading(LoadClient client) {
        return client.words().readingTimes()
                + "std dev is the population one, as in JMeter's Summary Report. \"server p50 / p99 / max\" is the "
                + "server's own timing of the same requests, from its handler having the request to the response handed "
                + "over; \"client\" says whether the client (" + client.label() + ", on the same machine) held the "
                + "figures back.";
    }

    /** Keys are "side: cause" (see ErrorCauses): the side gets its own column so server and client stand apart. */
    static Section errorsByCause(List<ServerSummary> servers) {
        List<Section.Part> parts = new ArrayList<>();
        for (ServerSummary server : servers) {
            parts.add(new Section.Heading(server.server()));
            if (server.errorsByCause().isEmpty()) {
                parts.add(new Section.Paragraph("No errors."));
                continue;
            }
            List<List<String>> rows = server.errorsByCause().entrySet().stream()
                    .map(entry -> {
                        ErrorCause parsed = ErrorCause.parse(entry.getKey());
                        return List.of(
                                parsed.side().label(),
                                parsed.cause(),
                                ErrorClass.of(parsed).label(),
                                Numbers.count(entry.getValue()));
                    })
                    .toList();
            parts.add(new Section.Table(
                    null, null, List.of("side", "cause", "class", "count"), List.of(false, false, false, true), rows));
        }
        return new Section("errors", "Errors by cause", null, parts);
    }

    /** JMeter's own columns: JMeter's math, over the records of the client that ran. */
    static Section summaryReportColumns(List<ServerSummary> servers, LoadClient client) {
        return new Section(
                "summary-report",
                client.words().summaryColumns(),
                null,
                List.of(Section.Table.of("summary-report-table", SummaryTable.JMETER_COLUMNS, servers)));
    }

    /** Each server's notes, its name first; empty when no server has one. */
    static Optional<Section> notes(List<ServerSummary> servers) {
        List<Section.Bullet> notes = servers.stream()
                .flatMap(server ->
                        server.notes().stream().map(note -> new Section.Bullet(server.server() + ": " + note)))
                .toList();
        return notes.isEmpty()
                ? Optional.empty()
                : Optional.of(new Section("notes", "Notes", null, List.of(new Section.Bullets(null, notes))));
    }

    static Section metadata(RunRecord metadata) {
        return new Section(
                "metadata",
                "Metadata",
                null,
                List.of(new Section.Table(
                        null,
                        null,
                        List.of("key", "value"),
                        List.of(false, false),
                        metadata.entries().entrySet().stream()
                                .map(entry -> List.of(entry.getKey(), Cells.metadataValue(entry.getValue())))
                                .toList())));
    }
}
