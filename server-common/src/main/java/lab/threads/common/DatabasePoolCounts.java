package lab.threads.common;

/**
 * A database pool's own count of its connections, for /stats' {@code pools.db}, by HikariCP's names whichever pool.
 *
 * @param threadsAwaitingConnection borrowers waiting for one (threads, or a non-blocking pool's pending acquires)
 * @param max the most the pool opens
 */
public record DatabasePoolCounts(int active, int idle, int total, int threadsAwaitingConnection, int max) {}
