package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runner enters the report by one door, its root package {@code lab.threads.report} ({@code CaseReport},
 * {@code RunRewrite}, {@code Reports} and the few values they hand back), and passes it what lab-run names (a run's
 * files, its plan's shape, a server's outcome). No runner main file names a report package below the root, imported
 * or spelt out, so the report can rearrange its packages without touching the runner.
 */
class RunnerReportDoorTest {
    private static final Path SOURCES = Path.of("src/main/java");
    /** A name in a package of the report below its root: group 1 the package. */
    private static final Pattern PAST_THE_DOOR = Pattern.compile("\\blab\\.threads\\.report\\.([a-z]\\w*)\\.");

    @Test
    void noRunnerFileNamesAReportPackageOtherThanTheDoor() throws IOException {
        List<String> past = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                past.addAll(pastTheDoor(SOURCES.relativize(file).toString(), Files.readString(file)));
            }
        }
        assertEquals(
                List.of(),
                past,
                "the runner names the report's root package only: add what it needs there (a method of Reports, "
                        + "CaseReport or RunRewrite), or to lab-run if the report's lower packages need it too");
    }

    @Test
    void anImportOrANameSpeltOutIsFound() {
        assertEquals(
                1,
                pastTheDoor("X.java", "import lab.threads.report.summary.ServerSummary;")
                        .size());
        assertEquals(
                1,
                pastTheDoor("X.java", "var row = lab.threads.report.raw.JtlReader.read(f);")
                        .size());
        assertEquals(List.of(), pastTheDoor("X.java", "import lab.threads.report.Reports;"), "the door itself");
        assertEquals(List.of(), pastTheDoor("X.java", "import lab.threads.run.RunFolder;"), "lab-run-model");
    }

    private static List<String> pastTheDoor(String file, String text) {
        List<String> found = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher name = PAST_THE_DOOR.matcher(lines[i]);
            if (name.find()) {
                found.add(file + ":" + (i + 1) + ": " + lines[i].strip());
            }
        }
        return found;
    }
}
