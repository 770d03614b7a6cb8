package lab.threads.report;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The side-by-side table for the console, columns padded to their widest cell. Causes of errors can be long, so
 * they follow the table, one line per server, rather than stretch it.
 */
public final class TerminalTable {

    private static final List<SummaryTable.Column> COLUMNS = SummaryTable.COLUMNS;

    private TerminalTable() {
    }

    public static String render(RunReport report) {
        List<List<String>> rows = report.servers().stream()
                .map(server -> COLUMNS.stream().map(column -> column.cell().apply(server)).toList())
                .toList();
        int[] widths = new int[COLUMNS.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = COLUMNS.get(i).header().length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        report.servers().forEach(server -> out.append(Headline.line(server, report.plan())).append('\n'));
        out.append('\n');
        out.append(line(COLUMNS.stream().map(SummaryTable.Column::header).toList(), widths));
        out.append(line(Arrays.stream(widths).mapToObj("-"::repeat).toList(), widths));
        rows.forEach(row -> out.append(line(row, widths)));
        out.append("Plan: ").append(Cells.plan(report.plan())).append('\n');
        for (ServerSummary server : report.servers()) {
            out.append(server.server()).append(" client: ").append(server.validity().oneLine()).append('\n');
        }
        for (ServerSummary server : report.servers()) {
            out.append(server.server()).append(" errors: ").append(ErrorCauses.describe(server.errorsByCause()))
                    .append('\n');
            server.notes().forEach(note -> out.append(server.server()).append(" note: ").append(note).append('\n'));
        }
        return out.toString();
    }

    private static String line(List<String> cells, int[] widths) {
        return IntStream.range(0, cells.size())
                .mapToObj(i -> COLUMNS.get(i).numeric()
                        ? " ".repeat(widths[i] - cells.get(i).length()) + cells.get(i)
                        : cells.get(i) + " ".repeat(widths[i] - cells.get(i).length()))
                .collect(Collectors.joining("  ", "", "\n"))
                .stripTrailing() + "\n";
    }
}
