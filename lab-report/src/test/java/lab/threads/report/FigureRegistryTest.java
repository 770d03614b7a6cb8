package lab.threads.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.report.checks.Check;
import lab.threads.report.checks.CheckFigure;
import lab.threads.report.summary.Figure;
import lab.threads.report.summary.FigurePlace;
import lab.threads.run.RunFolder;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every registered figure ({@link Figure}) appears where its entry says, and nowhere its entry does not: the page's
 * summary table and glance bars, summary.csv and the checks, each read from a run's written files.
 */
class FigureRegistryTest {

    @TempDir
    static Path dir;

    private static String table;
    private static String glance;
    private static List<String> csvHeader;

    @BeforeAll
    static void writeARun() throws IOException {
        ReportWriter.writeAll(RunFixture.threeServers(dir), dir);
        String page = Files.readString(dir.resolve(RunFolder.HTML_FILE));
        table = between(page, "<table id=\"summary\">", "</tr>");
        glance = between(page, "<div class=\"glance\"", "<section");
        try (CSVParser csv = CSVParser.parse(
                Files.readString(dir.resolve(RunFolder.SUMMARY_CSV_FILE)),
                CSVFormat.DEFAULT.builder().setHeader().get())) {
            csvHeader = csv.getHeaderNames();
        }
    }

    private static String between(String text, String from, String to) {
        Matcher matcher = Pattern.compile(Pattern.quote(from) + "(.*?)" + Pattern.quote(to), Pattern.DOTALL)
                .matcher(text);
        assertTrue(matcher.find(), from + " on the page");
        return matcher.group(1);
    }

    @Test
    void eachFigureIsAColumnOfTheSummaryTableAsItsEntrySays() {
        for (Figure figure : Figure.values()) {
            boolean shown = figure.place(FigurePlace.Table.class).isPresent();
            assertEquals(shown, table.contains("<th>" + figure.label() + "</th>"), figure + " in the summary table");
        }
    }

    @Test
    void eachFigureIsAGroupOfTheGlanceBarsAsItsEntrySays() {
        for (Figure figure : Figure.values()) {
            Optional<FigurePlace.Glance> place = figure.place(FigurePlace.Glance.class);
            String title = place.map(FigurePlace.Glance::title).orElse(null);
            String heading = "<h3>" + (title == null ? figure.label() : title) + "</h3>";
            assertEquals(place.isPresent(), glance.contains(heading), figure + " in the glance bars");
        }
        assertEquals(
                Figure.shownIn(FigurePlace.Glance.class).size(),
                glance.split("<h3>", -1).length - 1,
                "one group a figure");
    }

    @Test
    void eachFigureIsAColumnOfTheCsvAsItsEntrySays() {
        for (Figure figure : Figure.values()) {
            Optional<FigurePlace.Csv> place = figure.place(FigurePlace.Csv.class);
            place.ifPresent(csv -> assertTrue(csvHeader.contains(csv.header()), figure + " in summary.csv"));
        }
        assertEquals(csvHeader.size(), csvHeader.stream().distinct().count(), "each CSV column once: " + csvHeader);
    }

    @Test
    void eachFigureACheckNamesIsOneACheckReads() {
        for (Figure figure : Figure.values()) {
            Optional<FigurePlace.Check> place = figure.place(FigurePlace.Check.class);
            assertEquals(
                    place.isPresent(),
                    CheckFigure.all().stream().anyMatch(check -> check.figure() == figure),
                    figure + " among the checks' figures");
            place.ifPresent(check -> assertEquals(
                    figure,
                    Check.parse(check.name() + ">=0").figure().figure(),
                    "the check '" + check.name() + ">=0' reads " + figure));
        }
    }

    @Test
    void eachCheckNameIsDocumentedWithTheCheckOption() throws IOException {
        String check = Files.readString(Path.of("../docs/options.md"))
                .lines()
                .filter(line -> line.startsWith("| `--check`"))
                .findFirst()
                .orElseThrow();
        CheckFigure.all()
                .forEach(figure -> assertTrue(
                        check.contains("`" + figure.checkName() + "`"),
                        figure.checkName() + " in docs/options.md's --check"));
    }

    @Test
    void eachFigureHasItsOwnKeyAndLabel() {
        List<Figure> figures = List.of(Figure.values());
        assertEquals(
                figures.size(), figures.stream().map(Figure::key).distinct().count(), "keys");
        assertEquals(
                figures.size(), figures.stream().map(Figure::label).distinct().count(), "labels");
    }
}
