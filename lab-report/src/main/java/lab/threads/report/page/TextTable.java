package lab.threads.report.page;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A table for the console: a header, a rule, the rows, each column padded to its widest cell, numbers right-aligned. */
public final class TextTable {

    private TextTable() {}

    /** A {@link Section.Table} for the console: its header and rows, its numeric columns right-aligned. */
    public static String render(Section.Table table) {
        List<String> headers = table.header();
        List<Boolean> numeric = table.numeric();
        List<List<String>> rows = table.rows();
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder(line(headers, numeric, widths));
        out.append(line(Arrays.stream(widths).mapToObj("-"::repeat).toList(), numeric, widths));
        rows.forEach(row -> out.append(line(row, numeric, widths)));
        return out.toString();
    }

    private static String line(List<String> cells, List<Boolean> numeric, int[] widths) {
        return IntStream.range(0, cells.size())
                        .mapToObj(i -> numeric.get(i)
                                ? " ".repeat(widths[i] - cells.get(i).length()) + cells.get(i)
                                : cells.get(i)
                                        + " ".repeat(widths[i] - cells.get(i).length()))
                        .collect(Collectors.joining("  ", "", "\n"))
                        .stripTrailing()
                + "\n";
    }
}
