package lab.threads.common;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code how=db}: borrows a connection from one HikariCP pool and runs {@code select pg_sleep(N/1000.0)} on the calling
 * thread; with more requests than connections the others wait in {@code getConnection()} up to {@code
 * connectionTimeout}, whatever the threads. HikariCP's defaults but size and timeout, and no start-up check ({@code
 * initializationFailTimeout} -1): a server starts with its database down, answering 503 {@code db_unavailable}
 * meanwhile.
 */
final class DatabaseWait implements AutoCloseable {

    private final HikariDataSource pool;
    /** The threads waiting in {@code getConnection()} now: what {@link #stopBorrowing} answers at once. */
    private final Set<Thread> borrowing = ConcurrentHashMap.newKeySet();

    private volatile boolean stopping;

    DatabaseWait(String jdbcUrl, int poolSize, long timeoutMs) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("lab-db");
        config.setJdbcUrl(jdbcUrl);
        config.setMaximumPoolSize(poolSize);
        config.setConnectionTimeout(timeoutMs);
        config.setInitializationFailTimeout(-1);
        this.pool = new HikariDataSource(config);
    }

    /** Borrows, runs the query that waits {@code millis} in the database, returns the connection. */
    void await(long millis, PoolStamps stamps) throws WaitFailure {
        stamps.borrowing();
        Connection connection;
        Thread borrower = Thread.currentThread();
        borrowing.add(borrower);
        try {
            if (stopping) {
                throw WaitFailure.stoppingWhileQueued("how=db", null);
            }
            connection = pool.getConnection();
        } catch (SQLException e) {
            throw stopping ? WaitFailure.stoppingWhileQueued("how=db", e) : borrowFailed(e);
        } finally {
            borrowing.remove(borrower);
            if (stopping) {
                // HikariCP keeps the interrupt that ended the borrow: the answer is still to be written on this thread.
                Thread.interrupted();
            }
        }
        stamps.borrowed();
        try (connection;
                PreparedStatement sleep = connection.prepareStatement("select pg_sleep(?)")) {
            sleep.setDouble(1, millis / 1000.0);
            try (ResultSet done = sleep.executeQuery()) {
                done.next();
            }
            stamps.called();
        } catch (SQLException e) {
            throw WaitFailure.dbQueryFailed(e.getSQLState(), e);
        }
    }

    /**
     * A borrow timeout (HikariCP's {@link SQLTransientConnectionException}) is the pool's only when the pool held every
     * connection it may open: then they were all in use. With room left, HikariCP was still opening one and the
     * database had not given it within the timeout: refused (the last connect failure is the cause) or not answered
     * yet, which a timeout's missing cause cannot tell from a busy pool.
     */
    private WaitFailure borrowFailed(SQLException e) {
        if (e instanceof SQLTransientConnectionException && stats().full()) {
            return WaitFailure.dbPoolTimeout(pool.getMaximumPoolSize(), pool.getConnectionTimeout(), e);
        }
        return WaitFailure.dbUnavailable(pool.getJdbcUrl(), e.getCause() == null ? e : e.getCause(), e);
    }

    /** The pool's own view ({@link HikariPoolMXBean}), for /stats: an independent check of the request log's split. */
    DatabasePoolCounts stats() {
        HikariPoolMXBean bean = pool.getHikariPoolMXBean();
        return bean == null
                ? new DatabasePoolCounts(0, 0, 0, 0, pool.getMaximumPoolSize())
                : new DatabasePoolCounts(
                        bean.getActiveConnections(),
                        bean.getIdleConnections(),
                        bean.getTotalConnections(),
                        bean.getThreadsAwaitingConnection(),
                        pool.getMaximumPoolSize());
    }

    /** The pool's settings as HikariCP holds them (after its own adjustments), for /stats' settings. */
    Map<String, Object> settings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("library", "HikariCP");
        settings.put("maximumPoolSize", pool.getMaximumPoolSize());
        settings.put("minimumIdle", pool.getMinimumIdle());
        settings.put("connectionTimeoutMs", pool.getConnectionTimeout());
        return settings;
    }

    /**
     * The server is stopping: requests waiting for a connection give up now and no new one waits; borrowed ones run on.
     */
    void stopBorrowing() {
        stopping = true;
        borrowing.forEach(Thread::interrupt);
    }

    @Override
    public void close() {
        pool.close();
    }
}
