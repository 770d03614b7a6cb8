package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import lab.threads.model.plan.PlanKey;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.Test;

/**
 * Each plan key is spelled once, in the model ({@link PlanKey}): no string literal of main code elsewhere is a key's
 * name ({@code "users"}) or its option ({@code "--users"}), so a key renamed, added or given another range changes in
 * one place and every module follows. The .jmx files spell them too, as JMeter reads them. Where the same word means
 * something else (a Hyperfoil phase, a table's header, another program's own option) the file is allowed that word,
 * with the reason.
 */
class PlanKeySpelledOnceTest {
    private static final Path HOME = LabHome.locate();

    /** The model's own package: where the keys are spelled. */
    private static final Path MODEL = Path.of("lab-run-model/src/main/java/lab/threads/model");

    /** The words a file may use in another sense than the plan's, by file. */
    private static final Map<String, Set<String>> OTHER_SENSES = Map.ofEntries(
            // Hyperfoil's benchmark and phase names, which its records carry.
            Map.entry(
                    "client-hyperfoil/src/main/java/lab/threads/hyperfoil/HyperfoilMain.java",
                    Set.of("users", "warmup")),
            // A JMeter worker's own RMI port.
            Map.entry("client-jmeter/src/main/java/lab/threads/jmeter/workers/JMeterWorkerMain.java", Set.of("--port")),
            // The database's own port, its flag and its JDBC URL's.
            Map.entry("lab-database/src/main/java/lab/threads/database/Database.java", Set.of("port")),
            Map.entry("lab-database/src/main/java/lab/threads/database/DatabaseMain.java", Set.of("--port")),
            // Table headers, words for a reader.
            Map.entry("lab-report/src/main/java/lab/threads/report/page/OverloadSection.java", Set.of("users")),
            Map.entry("lab-report/src/main/java/lab/threads/report/pinning/PinningPage.java", Set.of("how")),
            // PostgreSQL's connections, as pg_stat_activity counts them and the database series records them.
            Map.entry("lab-report/src/main/java/lab/threads/report/raw/DatabaseSeries.java", Set.of("connections")),
            Map.entry(
                    "lab-runner/src/main/java/lab/threads/runner/database/DatabaseSampler.java", Set.of("connections")),
            // A socket's port in the kernel's table.
            Map.entry("lab-runner/src/main/java/lab/threads/runner/outside/KernelProbe.java", Set.of("port")),
            // The started servers' own --host and --port, which the runner sets and --server-args may not.
            Map.entry(
                    "lab-runner/src/main/java/lab/threads/runner/command/LabCommand.java", Set.of("--host", "--port")),
            // ./lab soak's own options (picocli's annotations take constants), handed to ./lab run by the keys' flags.
            Map.entry(
                    "lab-runner/src/main/java/lab/threads/runner/command/SoakCommand.java",
                    Set.of("--rate", "--sleep-ms")),
            // The servers' own options (constants, as above) and settings; the runner passes the pools' by the keys'.
            Map.entry(
                    "server-common/src/main/java/lab/threads/common/ServerSettings.java",
                    Set.of(
                            "--host",
                            "--port",
                            "--sleep-ms",
                            "--db-pool",
                            "--db-pool-timeout-ms",
                            "--http-pool",
                            "--http-pool-timeout-ms",
                            "host",
                            "port")),
            // The contract's query parameter ?how= and its answer's field, the wait's name on the wire.
            Map.entry("server-common/src/main/java/lab/threads/common/SleepContract.java", Set.of("how")),
            // Words of the model's own run records: the ceiling's owner, the warm-up's folder.
            Map.entry("lab-run-model/src/main/java/lab/threads/run/PlanShape.java", Set.of("users")),
            Map.entry("lab-run-model/src/main/java/lab/threads/run/RunFolder.java", Set.of("warmup")));

    @Test
    void noMainSourceOutsideTheModelSpellsAPlanKey() throws IOException {
        Set<String> spellings = spellings();
        List<String> found = new ArrayList<>();
        for (Path file : mainSources()) {
            String relative = HOME.relativize(file).toString();
            Set<String> allowed = OTHER_SENSES.getOrDefault(relative, Set.of());
            for (String literal : JavaLiterals.of(Files.readString(file))) {
                if (spellings.contains(literal) && !allowed.contains(literal)) {
                    found.add(relative + ": \"" + literal + "\"");
                }
            }
        }
        assertEquals(
                List.of(),
                found,
                "name a plan key by PlanKey (its property(), flag()), or add the file and the word to OTHER_SENSES"
                        + " with the other sense it has there");
    }

    @Test
    void theScanFindsAKeyInALiteralButNotInACommentOrAnIdentifier() {
        List<String> literals = JavaLiterals.of("""
                // "users" in a comment
                /* "rate" in a block */
                String users = plan.get("users") + "--sleep-ms" + '"' + "a \\"quoted\\" one";
                String text = \"""
                    users
                    \""";
                """);
        assertEquals(List.of("users", "--sleep-ms", "a \\\"quoted\\\" one", "    users\n    "), literals);
    }

    @Test
    void everyAllowedFileExistsAndSpellsItsWord() throws IOException {
        List<String> stale = new ArrayList<>();
        for (Map.Entry<String, Set<String>> entry : OTHER_SENSES.entrySet()) {
            Path file = HOME.resolve(entry.getKey());
            List<String> literals = Files.exists(file) ? JavaLiterals.of(Files.readString(file)) : List.of();
            for (String word : entry.getValue()) {
                if (!literals.contains(word)) {
                    stale.add(entry.getKey() + ": \"" + word + "\"");
                }
            }
        }
        assertEquals(List.of(), stale, "an allowance no longer needed: remove it from OTHER_SENSES");
    }

    /** Each key's name and its option. */
    private static Set<String> spellings() {
        Set<String> spellings = new java.util.HashSet<>();
        for (PlanKey key : PlanKey.values()) {
            spellings.add(key.property());
            spellings.add(key.flag());
        }
        return spellings;
    }

    /** Every module's main Java sources but the model's own package. */
    private static List<Path> mainSources() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> modules = Files.list(HOME)) {
            for (Path main :
                    modules.map(module -> module.resolve("src/main/java")).toList()) {
                if (!Files.isDirectory(main)) {
                    continue;
                }
                try (Stream<Path> walk = Files.walk(main)) {
                    walk.filter(file -> file.toString().endsWith(".java"))
                            .filter(file -> !HOME.relativize(file).startsWith(MODEL))
                            .forEach(files::add);
                }
            }
        }
        return files;
    }

    /** The string literals of a Java source, text blocks included, as written (escapes left as they are). */
    static final class JavaLiterals {
        private JavaLiterals() {}

        static List<String> of(String source) {
            List<String> literals = new ArrayList<>();
            int i = 0;
            while (i < source.length()) {
                if (source.startsWith("//", i)) {
                    i = end(source, "\n", i + 2);
                } else if (source.startsWith("/*", i)) {
                    i = end(source, "*/", i + 2);
                } else if (source.startsWith("\"\"\"", i)) {
                    int start = source.indexOf('\n', i) + 1;
                    int close = source.indexOf("\"\"\"", start);
                    literals.add(source.substring(start, close));
                    i = close + 3;
                } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
                    int close = closing(source, i);
                    if (source.charAt(i) == '"') {
                        literals.add(source.substring(i + 1, close));
                    }
                    i = close + 1;
                } else {
                    i++;
                }
            }
            return literals;
        }

        /** Past the next {@code marker} from {@code from}, or the end. */
        private static int end(String source, String marker, int from) {
            int at = source.indexOf(marker, from);
            return at < 0 ? source.length() : at + marker.length();
        }

        /** The quote that closes the literal opened at {@code open}, past escaped ones. */
        private static int closing(String source, int open) {
            char quote = source.charAt(open);
            int i = open + 1;
            while (source.charAt(i) != quote) {
                i += source.charAt(i) == '\\' ? 2 : 1;
            }
            return i;
        }
    }
}
