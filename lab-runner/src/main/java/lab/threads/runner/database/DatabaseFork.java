package lab.threads.runner.database;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import lab.threads.process.ParentWatch;

/**
 * The PostgreSQL of {@code how=db} waits, in a JVM of its own ({@code lab-database}'s {@code DatabaseMain}): it stops
 * the database when the runner is gone and restarts it on the same port when it dies, saying so in {@code
 * database.log}.
 */
public record DatabaseFork(Process process, Path log, String jdbcUrl) implements AutoCloseable {
    private static final Duration POLL = Duration.ofMillis(200);

    /**
     * Starts one and returns once it accepts connections, {@code maxConnections} above every pool that will connect at
     * once; throws with its own last words when it does not within {@code timeout}.
     */
    public static DatabaseFork start(String java, Path jar, int maxConnections, Path log, Duration timeout)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new IOException("the database's jar " + jar + " is missing: build it with ./mvnw -B -q package"
                    + " -DskipTests (./lab does on first use)");
        }
        // However this JVM ends, SIGKILL included, the database stops with it (DatabaseMain watches this pid).
        Process process = ParentWatch.stopWithThis(new ProcessBuilder(
                        java, "-jar", jar.toString(), "--max-connections", Integer.toString(maxConnections)))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<String> url = lineAfter(log, "database ready ");
            if (url.isPresent() && lineAfter(log, "database settings").isPresent()) {
                return new DatabaseFork(process, log, url.get());
            }
            if (!process.isAlive()) {
                throw new IOException(
                        "the database did not start (exit code " + process.exitValue() + "): " + tail(log));
            }
            Thread.sleep(POLL);
        }
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new IOException("the database did not start within " + timeout.toSeconds() + " s: " + tail(log));
    }

    /** The server's own {@code select version()}. */
    public String version() throws IOException {
        return lineAfter(log, "database version ").orElse("unknown");
    }

    /** The settings that bound a pool, as the server reports them. */
    public Map<String, String> settings() throws IOException {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String pair : lineAfter(log, "database settings ").orElse("").split(" ")) {
            int equals = pair.indexOf('=');
            if (equals > 0) {
                settings.put(pair.substring(0, equals), pair.substring(equals + 1));
            }
        }
        return settings;
    }

    /** The postmaster's pid now: the last one the log names (a restart names its new one). */
    public long postmasterPid() throws IOException {
        List<String> pids = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            if (line.startsWith("database pid ")) {
                pids.add(line.substring("database pid ".length()).trim());
            } else if (line.startsWith("database restarted ")) {
                pids.add(line.replaceFirst(".* pid (\\d+) .*", "$1"));
            }
        }
        return Long.parseLong(pids.getLast());
    }

    /** The log's lines about the database dying and coming back, for the run's record. */
    public List<String> events() throws IOException {
        return Files.readAllLines(log).stream()
                .filter(line -> line.startsWith("database died")
                        || line.startsWith("database restarted")
                        || line.startsWith("database stayed down"))
                .toList();
    }

    /** SIGTERM (the database stops and its data goes), SIGKILL if it is still there after 30 s. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static Optional<String> lineAfter(Path log, String prefix) throws IOException {
        if (!Files.exists(log)) {
            return Optional.empty();
        }
        return Files.readAllLines(log).stream()
                .filter(line -> line.startsWith(prefix))
                .map(line -> line.substring(prefix.length()).trim())
                .findFirst();
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
