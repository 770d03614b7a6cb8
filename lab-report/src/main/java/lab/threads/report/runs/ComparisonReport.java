package lab.threads.report.runs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import lab.threads.report.math.Numbers;
import lab.threads.report.page.HtmlReport;
import lab.threads.report.page.HtmlSection;
import lab.threads.report.page.PlainPage;
import lab.threads.report.page.Section;
import lab.threads.report.page.TextTable;
import lab.threads.run.AtomicFile;
import lab.threads.run.RunFolder;

/** A comparison of two runs as compare.html and as the terminal's text, from the same rows. */
public final class ComparisonReport {

    public static final String FILE = "compare.html";

    private static final List<String> HEADERS = List.of("server", "figure", "A", "B", "change", "vs repeats' spread");
    private static final List<Boolean> NUMERIC = List.of(false, false, true, true, true, false);
    private static final String VERDICT = "client verdict";
    private static final String NONE = "(none)";
    private static final String SAME_SETUP =
            "Both ran the same way: same code, flags, plan, client and machine (their dates and command lines aside).";
    private static final String READING =
            "change = (B - A) / A. With repeats on both sides, a value is the median [min - max]; "
                    + "\"within\" means the two ranges overlap, so the change may be run-to-run noise.";

    private ComparisonReport() {}

    /** @return compare.html, in {@code outDir} */
    public static Path write(RunComparison comparison, Path outDir) throws IOException {
        Files.createDirectories(outDir);
        return AtomicFile.write(outDir.resolve(FILE), html(comparison, outDir));
    }

    public static String terminal(RunComparison comparison) {
        StringBuilder out = new StringBuilder();
        out.append("A: ").append(describe(comparison.a())).append('\n');
        out.append("B: ").append(describe(comparison.b())).append("\n\n");
        if (comparison.metadata().isEmpty()) {
            out.append(SAME_SETUP).append('\n');
        } else {
            out.append("How they ran differs (this explains most differences below):\n");
            comparison
                    .metadata()
                    .forEach(change -> out.append(
                            "  " + change.key() + ": " + orNone(change.a()) + " -> " + orNone(change.b()) + "\n"));
        }
        onlyInOne(comparison).items().forEach(line -> out.append(line.text()).append('\n'));
        out.append('\n').append(TextTable.render(figures(comparison)));
        return out.append(READING).append('\n').toString();
    }

    /** The last, the spread's, only when both runs have repeats. */
    private static int columns(RunComparison comparison) {
        return comparison.a().hasRepeats() && comparison.b().hasRepeats() ? HEADERS.size() : HEADERS.size() - 1;
    }

    /** Each server's figures, A, B and the change, then its client verdict: a row of words among the numbers. */
    private static Section.Table figures(RunComparison comparison) {
        int columns = columns(comparison);
        List<List<String>> rows = new ArrayList<>();
        Set<Integer> verdicts = new HashSet<>();
        for (RunComparison.ServerChange server : comparison.servers()) {
            for (RunComparison.FigureChange change : server.figures()) {
                rows.add(List.of(
                                server.server(),
                                change.figure().label(),
                                change.figure().format(change.a()),
                                change.figure().format(change.b()),
                                Double.isNaN(change.changePercent())
                                        ? Numbers.NOT_AVAILABLE
                                        : String.format(Locale.ROOT, "%+.1f%%", change.changePercent()),
                                change.withinSpread() == null ? "" : change.withinSpread() ? "within" : "outside")
                        .subList(0, columns));
            }
            verdicts.add(rows.size());
            rows.add(List.of(
                            server.server(),
                            VERDICT,
                            server.verdictA(),
                            server.verdictB(),
                            server.verdictA().equals(server.verdictB()) ? "same" : "changed",
                            "")
                    .subList(0, columns));
        }
        return new Section.Table(
                "figures", null, HEADERS.subList(0, columns), NUMERIC.subList(0, columns), rows, verdicts);
    }

    private static Section.Bullets onlyInOne(RunComparison comparison) {
        List<Section.Bullet> lines = new ArrayList<>();
        comparison.onlyInA().forEach(server -> lines.add(new Section.Bullet(server + ": only in A, not compared")));
        comparison.onlyInB().forEach(server -> lines.add(new Section.Bullet(server + ": only in B, not compared")));
        return new Section.Bullets("only-in-one", lines);
    }

    private static String describe(ComparedRun run) {
        return run.dir() + " (" + date(run) + ", " + runs(run) + ")";
    }

    private static String date(ComparedRun run) {
        return Objects.requireNonNullElse(run.metadata().machine().date(), "date unknown");
    }

    private static String runs(ComparedRun run) {
        return run.hasRepeats() ? run.repeats().size() + " repeats" : "one run";
    }

    private static String orNone(String value) {
        return value == null ? NONE : value;
    }

    private static String html(RunComparison comparison, Path outDir) {
        StringBuilder html = new StringBuilder("<table id=\"runs\">\n");
        appendRun(html, "A", comparison.a(), outDir);
        appendRun(html, "B", comparison.b(), outDir);
        html.append("</table>\n<h2>How they ran</h2>\n");
        if (comparison.metadata().isEmpty()) {
            html.append(HtmlReport.element("p", SAME_SETUP)).append('\n');
        } else {
            html.append("<p>What differs, which explains most differences in the figures below:</p>\n")
                    .append(HtmlSection.render(List.of(new Section.Table(
                            "metadata",
                            null,
                            List.of("setting", "A", "B"),
                            List.of(false, false, false),
                            comparison.metadata().stream()
                                    .map(change -> List.of(change.key(), orNone(change.a()), orNone(change.b())))
                                    .toList()))));
        }
        Section.Bullets onlyInOne = onlyInOne(comparison);
        if (!onlyInOne.items().isEmpty()) {
            html.append("<h2>Servers in one run only</h2>\n").append(HtmlSection.render(List.of(onlyInOne)));
        }
        html.append("<h2>Figures</h2>\n").append(HtmlSection.render(List.of(figures(comparison))));
        html.append(HtmlReport.element("p class=\"muted\"", READING)).append('\n');
        return PlainPage.of("Compare two runs", "", html.toString());
    }

    private static void appendRun(StringBuilder html, String name, ComparedRun run, Path outDir) {
        Path page = run.dir().toAbsolutePath().normalize().resolve(RunFolder.HTML_FILE);
        String href = outDir.toAbsolutePath().normalize().relativize(page).toString();
        // A sweep level's folder of repeats has no page of its own.
        String dir = HtmlReport.escape(run.dir().toString());
        html.append("<tr><th>" + name + "</th><td>")
                .append(Files.isRegularFile(page) ? "<a href=\"" + HtmlReport.escape(href) + "\">" + dir + "</a>" : dir)
                .append("</td>")
                .append(PlainPage.cell(date(run), false))
                .append(PlainPage.cell(
                        Objects.requireNonNullElse(run.metadata().machine().command(), ""), false))
                .append(PlainPage.cell(runs(run), false))
                .append("</tr>\n");
    }
}
