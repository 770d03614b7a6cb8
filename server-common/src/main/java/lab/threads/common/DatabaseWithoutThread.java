package lab.threads.common;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;

/**
 * {@code how=db} for the variant with no thread to block: the same query through a non-blocking driver and pool, in
 * that variant's module (server-async, r2dbc), found by {@link ServiceLoader} so other servers never carry it.
 */
public interface DatabaseWithoutThread {

    /**
     * Borrows a connection, runs the query that waits {@code millis} and gives it back, stamped as {@link DatabaseWait}
     * does; fails with {@link WaitFailure#DB_POOL_TIMEOUT} or {@link WaitFailure#DB_UNAVAILABLE}.
     */
    CompletableFuture<Void> await(long millis, PoolStamps stamps);

    /** What the request waits in, for the answer's {@code waitedIn}. */
    String description();

    /** The pool's own view for /stats' {@code pools.db}, in the names HikariCP's view has. */
    DatabasePoolCounts stats();

    /** The pool's settings as its library holds them, for /stats' settings. */
    Map<String, Object> settings();

    /**
     * The server began to stop: waiting and later borrows complete with {@link WaitFailure#SERVER_STOPPING}; queries
     * run on.
     */
    void stopBorrowing();

    /** Called once the server has stopped: the pool's connections close. */
    void close();

    /** What {@link ServiceLoader} finds in the variant's module: opens its pool at the server's start. */
    interface Provider {
        /** The pool is made now and connects in the background: a database that is down does not stop the server. */
        DatabaseWithoutThread open(String jdbcUrl, int poolSize, long timeoutMs);
    }

    /** The pool of the one provider on the class path, for {@code --db}; fails when there is none. */
    static DatabaseWithoutThread open(ServerSettings settings) {
        Provider provider = ServiceLoader.load(Provider.class)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("how=db without a thread needs a "
                        + Provider.class.getName() + " on the class path (server-async's r2dbc pool): none found"));
        return provider.open(settings.db(), settings.dbPool(), settings.dbPoolTimeoutMs());
    }
}
