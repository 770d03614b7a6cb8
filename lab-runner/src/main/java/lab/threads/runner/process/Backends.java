package lab.threads.runner.process;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import lab.threads.common.Variant;
import lab.threads.model.wait.WaitKind;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;
import lab.threads.runner.database.DatabaseFork;
import lab.threads.runner.database.DatabaseSampler;

/**
 * What the servers' waits need, started before the first server and stopped after the last: a PostgreSQL for {@code
 * how=db}, a downstream (server-async) for {@code how=http-pool} and {@code how=socket}. Each watches the runner's
 * process, so it stops with it, SIGKILL included.
 */
public record Backends(DatabaseFork database, ServerProcess downstream) implements AutoCloseable {
    /** PostgreSQL's connections beyond the largest pool: the runner's own sampler, and room for a pool's refill. */
    static final int DATABASE_HEADROOM = 20;

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    /** Nothing to start: a run of waits that need neither. */
    public static final Backends NONE = new Backends(null, null);

    /**
     * Starts what {@code waits} need, PostgreSQL's {@code max_connections} above {@code largestDbPool}; when one cannot
     * start, stops what it started and throws {@link IllegalArgumentException} with a sentence a user can act on.
     */
    public static Backends start(Set<WaitKind> waits, int largestDbPool, Path home, Path runDir, PrintStream out)
            throws IOException, InterruptedException {
        DatabaseFork database = null;
        ServerProcess downstream = null;
        try {
            if (waits.contains(WaitKind.DB)) {
                int maxConnections = Math.max(100, largestDbPool + DATABASE_HEADROOM);
                out.printf("   database: starting PostgreSQL (max_connections %d) for how=db...%n", maxConnections);
                database = DatabaseFork.start(
                        Java.executable(),
                        home.resolve("lab-database").resolve("target").resolve("lab-database.jar"),
                        maxConnections,
                        runDir.resolve("database.log"),
                        START_TIMEOUT);
                out.println("   database: " + database.version() + " at " + database.jdbcUrl());
            }
            if (waits.contains(WaitKind.HTTP_POOL) || waits.contains(WaitKind.SOCKET)) {
                downstream = startDownstream(home, runDir);
                out.println("   downstream: server-async at " + downstream.base() + " answers /sleep?ms=N after N ms");
            }
            return new Backends(database, downstream);
        } catch (IOException e) {
            // A database or downstream that cannot start refuses the run as bad input, before any load.
            new Backends(database, downstream).close();
            throw new IllegalArgumentException(e.getMessage() + " (refused before the load: nothing was measured)", e);
        } catch (InterruptedException | RuntimeException e) {
            new Backends(database, downstream).close();
            throw e;
        }
    }

    /** server-async on the runner's JDK answers the downstream's requests after their ms, without a thread each. */
    static ServerProcess startDownstream(Path home, Path runDir) throws IOException, InterruptedException {
        int port = PinningProbeRun.freePort();
        return ServerProcess.start(new ServerProcess.Spec(
                Variant.ASYNC,
                LabHome.serverJar(home, Variant.ASYNC),
                List.of("--sun-misc-unsafe-memory-access=allow"),
                List.of(),
                port,
                runDir.resolve(RunFolder.DOWNSTREAM_LOG_FILE),
                Duration.ofSeconds(60),
                ServerProcess.Launch.own()));
    }

    /** The flags that point a server at them: {@code --db}, {@code --downstream}. */
    public List<String> serverFlags() {
        List<String> flags = new ArrayList<>();
        if (database != null) {
            flags.add("--db=" + database.jdbcUrl());
        }
        if (downstream != null) {
            flags.add("--downstream=" + downstream.base());
        }
        return flags;
    }

    /** The database's own view of the connections, sampled into the server's folder; null without a database. */
    public DatabaseSampler sampleDatabase(Path file) throws IOException {
        return database == null ? null : new DatabaseSampler(database.jdbcUrl(), file);
    }

    /** What was started, for run.json: the database's version and settings, the downstream's address. */
    public RunRecord.Backends describe() throws IOException {
        return new RunRecord.Backends(
                database == null ? null : database.version(),
                database == null ? null : database.settings(),
                downstream == null ? null : "server-async at " + downstream.base());
    }

    /** The database died and came back (or stayed down) during the run, in its own words; empty when it never did. */
    public List<String> databaseEvents() throws IOException {
        return database == null ? List.of() : database.events();
    }

    /**
     * The lab's services that left the runner's process tree: the database's postmaster, which {@code pg_ctl} leaves to
     * init; empty without a database or while its log does not name it yet.
     */
    public List<Long> outsideTheRunnersTree() {
        try {
            return database == null ? List.of() : List.of(database.postmasterPid());
        } catch (IOException | RuntimeException notYet) {
            return List.of();
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (downstream != null) {
            downstream.kill();
        }
        if (database != null) {
            database.close();
        }
    }
}
