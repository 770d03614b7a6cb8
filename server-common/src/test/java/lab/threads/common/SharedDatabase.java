package lab.threads.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import lab.threads.database.Database;

/**
 * One real PostgreSQL per test JVM, started on first use and stopped when the JVM exits: every server of the contract
 * suite in this JVM borrows from it through pools of its own. Its {@code max_connections} leaves room for every pool
 * the tests open at once.
 */
public final class SharedDatabase {
    private static final int MAX_CONNECTIONS = 300;
    private static Database database;

    private SharedDatabase() {}

    /** The JDBC URL of the shared database, started now if it is not yet. */
    public static synchronized String jdbcUrl() {
        if (database == null) {
            try {
                database = Database.start(0, MAX_CONNECTIONS);
            } catch (IOException e) {
                throw new UncheckedIOException("the tests' PostgreSQL did not start: " + e.getMessage(), e);
            }
            Database started = database;
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(started::close));
        }
        return database.jdbcUrl();
    }

    /** A PostgreSQL JDBC URL where nothing listens (a port that was free a moment ago): a database that is down. */
    public static String downUrl() {
        return "jdbc:postgresql://127.0.0.1:" + closedPort() + "/postgres?user=postgres";
    }

    /** A loopback port nothing listens on, for a downstream that is down. */
    public static int closedPort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
