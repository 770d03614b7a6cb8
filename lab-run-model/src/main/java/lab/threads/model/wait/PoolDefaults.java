package lab.threads.model.wait;

/**
 * The pools' sizes and timeouts as their libraries ship them: the servers' and the runner's pool options default to
 * them, so a plan's ceiling is worked out with the pool the servers really get.
 */
public final class PoolDefaults {
    /** HikariCP's {@code maximumPoolSize}. */
    public static final int DB_POOL = 10;
    /** HikariCP's {@code connectionTimeout}. */
    public static final long DB_POOL_TIMEOUT_MS = 30_000;
    /** HikariCP raises a smaller {@code connectionTimeout} to this floor (its {@code com.zaxxer.hikari.timeoutMs.floor}). */
    public static final long DB_POOL_TIMEOUT_FLOOR_MS = 250;
    /** Apache HttpClient 5's connections per route ({@code PoolingHttpClientConnectionManager}). */
    public static final int HTTP_POOL = 5;
    /** Apache HttpClient 5's connection-request timeout ({@code RequestConfig}'s default): 3 minutes. */
    public static final long HTTP_POOL_TIMEOUT_MS = 180_000;

    private PoolDefaults() {}
}
