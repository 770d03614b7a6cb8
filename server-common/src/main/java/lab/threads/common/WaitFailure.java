package lab.threads.common;

import java.io.IOException;

/**
 * A wait that failed for a cause the answer names: its HTTP status and its error (e.g. 503 {@code db_pool_timeout}),
 * which {@code /stats} counts by cause. A wait that fails otherwise answers 502 {@code wait_failed}.
 */
public final class WaitFailure extends IOException {
    /** No connection came free in the pool's own timeout: the pool, not the database or downstream, said no. */
    public static final String DB_POOL_TIMEOUT = "db_pool_timeout";

    public static final String HTTP_POOL_TIMEOUT = "http_pool_timeout";
    /** The database refused, is down, or dropped the connection mid-query. */
    public static final String DB_UNAVAILABLE = "db_unavailable";
    /** The server stopped while the request waited for a pooled connection ({@link #stoppingWhileQueued}). */
    public static final String SERVER_STOPPING = "server_stopping";
    /** The downstream refused the connection or broke it. */
    public static final String DOWNSTREAM_UNAVAILABLE = "downstream_unavailable";

    private final int status;
    private final String error;

    public WaitFailure(int status, String error, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.error = error;
    }

    /** No connection of the database pool's {@code poolSize} came free within its {@code timeoutMs}. */
    public static WaitFailure dbPoolTimeout(int poolSize, long timeoutMs, Throwable e) {
        return new WaitFailure(
                503,
                DB_POOL_TIMEOUT,
                "how=db: no connection of the pool's " + poolSize + " came free within its " + timeoutMs
                        + " ms (--db-pool, --db-pool-timeout-ms): " + e.getMessage(),
                e);
    }

    /**
     * The server began to stop while the request still waited for a pooled connection: its grace is for the requests in
     * flight, not for those queued for a connection, which get this answer at once rather than hold the stop for the
     * pool's timeout.
     */
    public static WaitFailure stoppingWhileQueued(String pool, Throwable e) {
        return new WaitFailure(
                503,
                SERVER_STOPPING,
                pool
                        + ": the server is stopping and the request was still waiting for a pooled connection. Retry later.",
                e);
    }

    /** The database at {@code url} gave no connection: down, refusing, or unreachable. */
    public static WaitFailure dbUnavailable(String url, Throwable cause, Throwable e) {
        return new WaitFailure(
                503,
                DB_UNAVAILABLE,
                "how=db: the database did not give a connection (is it up? --db " + url + "): " + cause,
                e);
    }

    /** The query failed on a connection in hand: the database went down or dropped it mid-query. */
    public static WaitFailure dbQueryFailed(String sqlState, Throwable e) {
        return new WaitFailure(
                503,
                DB_UNAVAILABLE,
                "how=db: the query failed on a borrowed connection (SQLState " + sqlState + "): " + e.getMessage(),
                e);
    }

    public int status() {
        return status;
    }

    /** The answer's {@code error}, and its key in {@code /stats}' {@code errorsByCause}. */
    public String error() {
        return error;
    }
}
