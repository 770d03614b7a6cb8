package lab.threads.report.page;

import java.util.List;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ErrorCauses;

/**
 * The side-by-side table for the console, columns padded to their widest cell. Causes of errors can be long, so
 * they follow the table, one line per server, rather than stretch it.
 */
public final class TerminalTable {

    private static final List<SummaryTable.Column> COLUMNS = SummaryTable.COLUMNS;

    private TerminalTable() {}

    public static String render(RunReport report) {
        StringBuilder out = new StringBuilder();
        report.servers()
                .forEach(server ->
                        out.append(Headline.line(server, report.plan())).append('\n'));
        out.append('\n');
        out.append(TextTable.render(
                COLUMNS.stream().map(SummaryTable.Column::header).toList(),
                COLUMNS.stream().map(SummaryTable.Column::numeric).toList(),
                report.servers().stream()
                        .map(server -> COLUMNS.stream()
                                .map(column -> column.cell().apply(server))
                                .toList())
                        .toList()));
        out.append(Cells.planLine(report)).append('\n');
        for (ServerSummary server : report.servers()) {
            out.append(server.server())
                    .append(" client: ")
                    .append(server.validity().oneLine())
                    .append('\n');
        }
        for (ServerSummary server : report.servers()) {
            out.append(server.server())
                    .append(" errors: ")
                    .append(ErrorCauses.describe(server.errorsByCause()))
                    .append('\n');
            server.notes()
                    .forEach(note -> out.append(server.server())
                            .append(" note: ")
                            .append(note)
                            .append('\n'));
        }
        return out.toString();
    }
}
