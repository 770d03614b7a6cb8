package lab.threads.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import lab.threads.database.Database;

/**
 * One real PostgreSQL per test JVM, started on first use and stopped when the JVM exits: every server of the contract
 * suite in this JVM borrows from it through pools of its own. Its {@code max_connections} leaves room for every pool
 * the tests open at once.
 */
public final class SharedDatabase {
    private static final int MAX_CONNECTIONS = 300;
    private static final List<Socket> HELD_PORTS = new ArrayList<>();
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

    /**
     * A loopback port nothing listens on, for a downstream that is down. The port stays bound (never listening) until
     * the JVM exits: a port merely closed again could be handed to the next server started on port 0, which would then
     * answer for the "down" service itself. A connection to a bound port that does not listen is refused.
     */
    public static synchronized int closedPort() {
        try {
            Socket held = new Socket();
            held.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            HELD_PORTS.add(held);
            return held.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
