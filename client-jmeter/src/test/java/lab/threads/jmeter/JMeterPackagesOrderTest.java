package lab.threads.jmeter;

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
 * client-jmeter reads one way down: the JMeter home at the bottom, which a worker and the fork both prepare, then the
 * workers, then the fork that drives them (this module's top package), named by neither. Read from the sources,
 * javadoc links included, so no circle can come back through a comment's import.
 */
class JMeterPackagesOrderTest {

    /** Bottom first: each may name only those before it; the top package may name them all. */
    static final List<String> ORDER = List.of("home", "workers");

    private static final Path SOURCES = Path.of("src/main/java/lab/threads/jmeter");
    /** A class of a package below the top (group 1 its package), or of the top package itself (group 1 null). */
    private static final Pattern NAMES = Pattern.compile("lab\\.threads\\.jmeter\\.(?:([a-z]\\w*)\\.)?[A-Z]\\w*");

    @Test
    void noneNamesOneAboveIt() throws IOException {
        List<String> climbs = new ArrayList<>();
        for (String from : ORDER) {
            try (Stream<Path> files = Files.list(SOURCES.resolve(from))) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher named = NAMES.matcher(Files.readString(file).replaceFirst("(?m)^package [\\w.]+;", ""));
                    while (named.find()) {
                        String to = named.group(1);
                        if (to == null || ORDER.indexOf(to) > ORDER.indexOf(from)) {
                            climbs.add(SOURCES.relativize(file) + " names " + named.group());
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), climbs, "order, bottom first: " + ORDER + ", then the top package");
    }
}
