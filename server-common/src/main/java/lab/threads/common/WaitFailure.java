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
    /** The downstream refused the connection or broke it. */
    public static final String DOWNSTREAM_UNAVAILABLE = "downstream_unavailable";

    private final int status;
    private final String error;

    public WaitFailure(int status, String error, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.error = error;
    }

    public int status() {
        return status;
    }

    /** The answer's {@code error}, and its key in {@code /stats}' {@code errorsByCause}. */
    public String error() {
        return error;
    }
}
