package lab.threads.runner.database;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The database's own view of the servers' connections, once a second, into {@code database.jsonl}: held, running a
 * query, in {@code pg_sleep}, waiting for a lock. Read on a connection of its own, outside the pools, so it checks what
 * they report; a second unanswered is {@code "answered": false}.
 */
public final class DatabaseSampler implements AutoCloseable {
    static final Duration PERIOD = Duration.ofSeconds(1);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Every client backend but this sampler's own, by what it is doing. */
    static final String QUERY = """
            select count(*) as connections,
                   count(*) filter (where state = 'active') as active,
                   count(*) filter (where wait_event = 'PgSleep') as sleeping,
                   count(*) filter (where wait_event_type = 'Lock') as waiting_on_lock
            from pg_stat_activity
            where backend_type = 'client backend' and pid <> pg_backend_pid()""";

    private final String jdbcUrl;
    private final BufferedWriter out;
    private final Thread poller;
    private volatile boolean running = true;
    private Connection connection;

    /** Samples the database at {@code jdbcUrl} until closed. */
    public DatabaseSampler(String jdbcUrl, Path file) throws IOException {
        this.jdbcUrl = jdbcUrl;
        this.out = Files.newBufferedWriter(file);
        this.poller = Thread.ofPlatform().daemon().name("database-sampler").start(this::pollUntilClosed);
    }

    private void pollUntilClosed() {
        while (running) {
            write(sampleOnce());
            try {
                Thread.sleep(PERIOD);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private ObjectNode sampleOnce() {
        ObjectNode line = JSON.createObjectNode();
        line.put("sampledAtMs", System.currentTimeMillis());
        try {
            if (connection == null || connection.isClosed()) {
                DriverManager.setLoginTimeout(1);
                connection = DriverManager.getConnection(jdbcUrl);
            }
            try (Statement statement = connection.createStatement()) {
                statement.setQueryTimeout(1);
                ResultSet row = statement.executeQuery(QUERY);
                row.next();
                line.put("answered", true);
                line.put("connections", row.getInt("connections"));
                line.put("active", row.getInt("active"));
                line.put("sleeping", row.getInt("sleeping"));
                line.put("waitingOnLock", row.getInt("waiting_on_lock"));
            }
        } catch (SQLException e) {
            line.put("answered", false);
            line.put("error", e.getMessage());
            closeConnection();
        }
        return line;
    }

    private void write(ObjectNode line) {
        try {
            synchronized (out) {
                out.write(JSON.writeValueAsString(line));
                out.newLine();
                out.flush();
            }
        } catch (IOException skipped) {
            // The report notes a series with gaps.
        }
    }

    private void closeConnection() {
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignored) {
            // Already broken: the next sample opens another.
        }
        connection = null;
    }

    @Override
    public void close() throws IOException {
        running = false;
        poller.interrupt();
        try {
            poller.join(PERIOD.toMillis() * 3);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeConnection();
        synchronized (out) {
            out.close();
        }
    }
}
