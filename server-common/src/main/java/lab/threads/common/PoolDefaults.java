package lab.threads.common;

/**
 * The pools' sizes and timeouts as their libraries ship them, which the servers' {@code --db-pool},
 * {@code --db-pool-timeout-ms}, {@code --http-pool} and {@code --http-pool-timeout-ms} default to: the runner's
 * options of the same names read them here, so a plan's ceiling is worked out with the pool the servers really get.
 */
public final class PoolDefaults {
    /** HikariCP's {@code maximumPoolSize}. */
    public static final int DB_POOL = DatabaseWait.SHIPPED_POOL_SIZE;
    /** HikariCP's {@code connectionTimeout}. */
    public static final long DB_POOL_TIMEOUT_MS = DatabaseWait.SHIPPED_TIMEOUT_MS;
    /** Apache HttpClient 5's connections per route. */
    public static final int HTTP_POOL = HttpPoolWait.SHIPPED_POOL_SIZE;
    /** Apache HttpClient 5's connection-request timeout. */
    public static final long HTTP_POOL_TIMEOUT_MS = HttpPoolWait.SHIPPED_TIMEOUT_MS;

    private PoolDefaults() {}
}
