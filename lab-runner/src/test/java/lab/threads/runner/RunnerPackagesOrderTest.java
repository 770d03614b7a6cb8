package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The JMeter side of the runner reads one way down, as lab-report's packages do (its PackageOrderTest): the JMeter
 * home below the workers, the workers below the fork that drives them. Read from the sources, javadoc links included,
 * so no circle can come back through a comment's import.
 */
class JMeterPackagesOrderTest {

    /** Bottom first: each may name only those before it. */
    static final List<String> ORDER = List.of(
            "jmeterhome", // the JMeter home on disk, which a worker and the fork both prepare
            "workers", // RMI, keystores and the worker's main
            "jmeter"); // the fork: its run spec, the user groups, local and distributed tests

    private static final Path SOURCES = Path.of("src/main/java/lab/threads/runner");
    private static final Pattern NAMES = Pattern.compile("lab\\.threads\\.runner\\.([a-z]\\w*)\\.[A-Z]\\w*");

    @Test
    void noneNamesOneAboveIt() throws IOException {
        List<String> climbs = new ArrayList<>();
        for (String from : ORDER) {
            List<Path> files = javaFiles(SOURCES.resolve(from));
            assertTrue(
                    !files.isEmpty(),
                    "no sources under " + SOURCES.resolve(from).toAbsolutePath());
            for (Path file : files) {
                Matcher named = NAMES.matcher(Files.readString(file).replaceFirst("(?m)^package [\\w.]+;", ""));
                while (named.find()) {
                    if (ORDER.indexOf(named.group(1)) > ORDER.indexOf(from)) {
                        climbs.add(SOURCES.relativize(file) + " names " + named.group());
                    }
                }
            }
        }
        assertEquals(List.of(), climbs, "order, bottom first: " + ORDER);
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .sorted()
                    .toList();
        }
    }
}
