package lab.threads.report.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.report.summary.Figure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The words of a check, read into its parts, and every malformed one refused in one line that lists the figures. */
class CheckTest {

    @Test
    void readsAnAbsoluteBoundInTheFiguresOwnUnit() {
        Check check = Check.parse(" p99 <= 7s ");
        assertEquals("p99 <= 7s", check.text());
        assertNull(check.server());
        assertEquals(Figure.P99, check.figure().figure());
        assertEquals(CheckOperator.AT_MOST, check.operator());
        assertEquals(7000.0, ((Bound.Absolute) check.bound()).value());
        assertFalse(check.relative());
        assertEquals(2048.0, ((Bound.Absolute) Check.parse("rss<2GB").bound()).value());
        assertEquals(
                2048.0, ((Bound.Absolute) Check.parse("memory-per-request<=2MB").bound()).value());
        assertEquals(0.1, ((Bound.Absolute) Check.parse("errors<0.1%").bound()).value());
    }

    @Test
    void readsAMultipleOfTheSleepAndAChangeFromTheBaseline() {
        assertEquals(1.5, ((Bound.TimesSleep) Check.parse("p99<=1.5x sleep").bound()).factor());
        Check change = Check.parse("rps>=-5%");
        assertEquals(CheckOperator.AT_LEAST, change.operator());
        assertEquals(-5.0, ((Bound.FromBaseline) change.bound()).percent());
        assertTrue(change.relative());
        assertEquals(110.0, ((Bound.FromBaseline) Check.parse("p99<=+10%").bound()).applyTo(100), 1e-9);
    }

    @Test
    void aServerNamesItsIdOrItsShortName() {
        Check check = Check.parse("virtual:threads<=100");
        assertEquals("virtual", check.server());
        assertTrue(check.covers("server-virtual"));
        assertFalse(check.covers("server-pool"));
        assertTrue(Check.parse("server-virtual:threads<=100").covers("server-virtual"));
        assertTrue(Check.parse("threads<=100").covers("orders"), "no server: every one");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "p98<=1s", // no such figure
                "p99", // no operator
                "p99<=", // no bound
                "p99<=fast", // no number
                "p99<=7000%", // a percentage of a time
                "errors<5ms", // a time of a percentage
                "p99<=+10ms", // a change from the baseline is in %
                "rps<=1.5x sleep", // a multiple of the sleep bounds a time
                "p99=<100"
            })
    void refusesInOneLineThatListsEveryFigure(String written) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Check.parse(written));
        String message = refused.getMessage();
        assertFalse(message.contains("\n"), message);
        assertTrue(message.contains("'" + written.strip() + "'"), message);
        CheckFigure.all().stream()
                .forEach(figure -> assertTrue(message.contains(figure.checkName()), figure + " in: " + message));
    }

    @Test
    void aChecksFileIsOneCheckALineWithComments(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(
                dir.resolve("ci.checks"),
                "# our gate\np99<=1.2x sleep   # the sleep plus a fifth\n\nvirtual:threads<=100\n");
        assertEquals(
                List.of("p99<=1.2x sleep", "virtual:threads<=100"),
                ChecksFile.read(file).stream().map(Check::text).toList());

        Files.writeString(file, "p99<=7s\np98<=7s\n");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> ChecksFile.read(file));
        assertTrue(refused.getMessage().startsWith(file + ":2: unknown figure 'p98'"), refused.getMessage());
    }
}
