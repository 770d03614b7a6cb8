package lab.threads.hyperfoil;

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
 * The fork package runs in the runner's JVM, whose classpath holds this module's jar but not Hyperfoil's engine (nor
 * Netty or Vert.x): it must name none of their classes, nor a class of this module's top package, which does.
 */
class HyperfoilPackagesTest {

    private static final Path FORK = Path.of("src/main/java/lab/threads/hyperfoil/fork");
    private static final Pattern ENGINE =
            Pattern.compile("\\bio\\.(?:hyperfoil|netty|vertx)\\.[\\w.]+|\\blab\\.threads\\.hyperfoil\\.[A-Z]\\w*");

    @Test
    void theForkPackageNamesNothingOfTheEngine() throws IOException {
        List<String> named = new ArrayList<>();
        try (Stream<Path> files = Files.list(FORK)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                Matcher engine = ENGINE.matcher(Files.readString(file));
                while (engine.find()) {
                    named.add(FORK.relativize(file) + " names " + engine.group());
                }
            }
        }
        assertEquals(List.of(), named, "the runner's JVM could not load these");
    }
}
