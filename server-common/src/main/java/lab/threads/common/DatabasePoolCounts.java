package lab.threads.common;

/**
 * A database pool's own count of its connections, for /stats' {@code pools.db}, by HikariCP's names
 * ({@code HikariPoolMXBean}) whichever pool counts them, so the report reads every server's alike.
 *
 * @param active                    lent out
 * @param idle                      open and free
 * @param total                     open, lent out or free
 * @param threadsAwaitingConnection borrowers waiting for one (threads, or a non-blocking pool's pending acquires)
 * @param max                       the most the pool opens
 */
public record DatabasePoolCounts(int active, int idle, int total, int threadsAwaitingConnection, int max) {}
