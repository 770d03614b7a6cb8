package lab.threads.common;

/**
 * A database pool's own count of its connections, for /stats' {@code pools.db}, by HikariCP's names whichever pool.
 *
 * @param threadsAwaitingConnection borrowers waiting for one (threads, or a non-blocking pool's pending acquires)
 * @param max the most the pool opens
 */
public record DatabasePoolCounts(int active, int idle, int total, int threadsAwaitingConnection, int max) {

    /**
     * Whether every connection the pool may open is open: a borrow that times out then waited for a busy pool
     * ({@code db_pool_timeout}); with room left it waited for the database to give a connection ({@code db_unavailable}).
     */
    public boolean full() {
        return total >= max;
    }
}
