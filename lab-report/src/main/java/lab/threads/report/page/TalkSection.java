package lab.threads.report.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import lab.threads.model.summary.SummaryReportRow;
import lab.threads.report.math.Numbers;
import lab.threads.report.verdict.TalkComparison;

/** The talk's published rows beside this run's, with the differences' measured causes; only on the talk's plan. */
final class TalkSection {
    static final String TITLE = "The talk, side by side";

    private record Column(String header, Function<SummaryReportRow, String> cell) {}

    private static final List<Column> COLUMNS = List.of(
            new Column("# Samples", row -> Numbers.count(row.samples())),
            new Column("Average", row -> decimal(row.average(), 0)),
            new Column("Min", row -> Numbers.count(row.min())),
            new Column("Max", row -> Numbers.count(row.max())),
            new Column("Std. Dev.", row -> decimal(row.stdDev(), 2)),
            new Column("Error %", row -> decimal(row.errorPercent(), 2) + "%"),
            new Column("Throughput", row -> decimal(row.throughput(), 1) + "/sec"),
            new Column("Received KB/sec", row -> decimal(row.receivedKBPerSec(), 2)),
            new Column("Sent KB/sec", row -> decimal(row.sentKBPerSec(), 2)),
            new Column("Avg. Bytes", row -> decimal(row.avgBytes(), 1)));

    private TalkSection() {}

    /** Empty unless the talk's servers ran the talk's plan. */
    static Optional<Section> of(TalkComparison talk) {
        if (talk == null) {
            return Optional.empty();
        }
        List<Boolean> numeric = new ArrayList<>(List.of(false, false));
        COLUMNS.forEach(column -> numeric.add(true));
        List<List<String>> rows = talk.rows().stream()
                .flatMap(row -> Stream.of(cells(row, true), cells(row, false)))
                .toList();
        List<Section.Part> parts =
                new ArrayList<>(List.of(new Section.Table("talk-table", null, header(), numeric, rows)));
        for (TalkComparison.Row row : talk.rows()) {
            parts.add(new Section.Heading(row.server() + " (the talk's " + row.label() + ")"));
            List<Section.Bullet> differences = new ArrayList<>();
            // The first difference is the errors', with their causes under it.
            differences.add(new Section.Bullet(row.differences().getFirst(), row.errorCauses()));
            row.differences().stream().skip(1).map(Section.Bullet::new).forEach(differences::add);
            parts.add(new Section.Bullets(null, differences));
        }
        return Optional.of(new Section(
                "talk",
                TITLE,
                "The talk's figures: " + talk.source()
                        + ". This run: the same plan on the lab's reruns of its servers.",
                parts));
    }

    private static List<String> header() {
        List<String> header = new ArrayList<>(List.of("Label", "Run"));
        COLUMNS.forEach(column -> header.add(column.header()));
        return header;
    }

    private static List<String> cells(TalkComparison.Row row, boolean talk) {
        List<String> cells = new ArrayList<>(
                List.of(talk ? row.label() : row.server(), talk ? "the talk" : "here (" + row.settings() + ")"));
        SummaryReportRow figures = talk ? row.talk() : row.here();
        COLUMNS.forEach(column -> cells.add(column.cell().apply(figures)));
        return cells;
    }

    /** A cell the published table cut off is NaN. */
    private static String decimal(double value, int places) {
        return Double.isNaN(value) ? "(cut off)" : Numbers.decimal(value, places);
    }
}
