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
 * The runner reads one way down, as lab-report's packages do (its PackageOrderTest): the readings from outside the
 * processes at the bottom, then what a run stands on (the database, the machine, the processes it starts, what records
 * them, the client's processes, the server's own figures), then the runner's top package (the run's pipeline), and
 * the commands above it all, named by none. The load clients are modules of their
 * own (client-jmeter, client-hyperfoil). Read from the sources, javadoc links included, so no circle can come back
 * through a comment's import.
 */
class RunnerPackagesOrderTest {

    /** lab.threads.runner itself: the pipeline of a run, the first package a reader opens. */
    static final String TOP = "";

    /** Bottom first: each may name only those before it; {@link #TOP}, lab.threads.runner itself, is one of them. */
    static final List<String> ORDER = List.of(
            "outside", // /proc, the kernel's counters and queues, CPU lists: a process read from outside
            "guest", // a service the lab did not write: its URL, its expected answer, its process and keeper
            "database", // the PostgreSQL a run through a pool waits on: its fork and its own view of it
            "machine", // this machine's limits, its cores (--cpus), its source addresses, its CPU per request
            "process", // the JVMs the runner starts and stops: a server, the backends, a task batch, a pinning probe
            "profiling", // what records a JVM the lab starts: --profile, async-profiler's library, native memory
            "client", // a load split over client processes, and their files merged into one client's
            "stats", // the server's own figures, read over HTTP while it runs: /stats each second, /stats/memory
            TOP, // the run: its options, plan and cases, the checks before it, LabRun, each server's turn
            "command"); // every ./lab command the runner's jar runs: run, soak, compare, report, tasks, pinning

    private static final Path SOURCES = Path.of("src/main/java/lab/threads/runner");
    /** A class of a package below the runner (group 1 its package), or of the top package itself (group 1 null). */
    private static final Pattern NAMES = Pattern.compile("lab\\.threads\\.runner\\.(?:([a-z]\\w*)\\.)?[A-Z]\\w*");

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
                    String to = named.group(1) == null ? TOP : named.group(1);
                    if (ORDER.indexOf(to) > ORDER.indexOf(from)) {
                        climbs.add(SOURCES.relativize(file) + " names " + named.group());
                    }
                }
            }
        }
        assertEquals(List.of(), climbs, "order, bottom first: " + ORDER + " (\"\" the top package)");
    }

    @Test
    void everyPackageHasItsPlace() throws IOException {
        try (Stream<Path> dirs = Files.list(SOURCES)) {
            List<String> unplaced = dirs.filter(Files::isDirectory)
                    .map(dir -> dir.getFileName().toString())
                    .filter(name -> !ORDER.contains(name))
                    .sorted()
                    .toList();
            assertEquals(List.of(), unplaced, "give each package of the runner its place in ORDER");
        }
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .sorted()
                    .toList();
        }
    }
}
