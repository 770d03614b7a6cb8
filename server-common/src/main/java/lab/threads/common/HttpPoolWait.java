package lab.threads.common;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.classic.RequestFailedException;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.io.ConnectionEndpoint;
import org.apache.hc.client5.http.io.HttpClientConnectionManager;
import org.apache.hc.client5.http.io.LeaseRequest;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.pool.PoolStats;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * {@code how=http-pool}: a {@code GET /sleep?ms=N} of the downstream through Apache HttpClient 5 classic on the calling
 * thread; its bounded {@link PoolingHttpClientConnectionManager} makes requests beyond its connections wait inside
 * {@code execute} up to the connection-request timeout, whatever the threads.
 * <p>
 * <p>Every setting is the library's but the two given ({@code --http-pool}, {@code --http-pool-timeout-ms}); with one
 * route, the pool's total equals the per-route cap. The borrow is stamped by a delegating {@link
 * HttpClientConnectionManager} when a lease is asked and handed over, on the calling thread, so the {@link PoolStamps}
 * reach it through a {@link ThreadLocal}; a new connection's connect counts in the call.
 */
final class HttpPoolWait implements AutoCloseable {

    /** The stamps of the request whose {@code execute} runs on this thread; see the class comment. */
    private static final ThreadLocal<PoolStamps> STAMPS = new ThreadLocal<>();

    private final URI downstream;
    private final PoolingHttpClientConnectionManager pool;
    private final CloseableHttpClient client;
    private final long timeoutMs;

    HttpPoolWait(URI downstream, int poolSize, long timeoutMs) {
        this.downstream = downstream;
        this.timeoutMs = timeoutMs;
        this.pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(poolSize)
                .setMaxConnTotal(poolSize)
                .build();
        this.client = HttpClients.custom()
                .setConnectionManager(new StampingManager(pool))
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(Timeout.ofMilliseconds(timeoutMs))
                        .build())
                .build();
    }

    /** Calls the downstream's {@code /sleep?ms=millis} and reads its answer to the end (the connection goes back). */
    void await(long millis, PoolStamps stamps) throws IOException {
        HttpGet get = new HttpGet(downstream.resolve("/sleep?ms=" + millis));
        STAMPS.set(stamps);
        int status;
        try {
            status = client.execute(get, response -> {
                EntityUtils.consume(response.getEntity());
                return response.getCode();
            });
        } catch (IOException e) {
            throw failure(e);
        } finally {
            STAMPS.remove();
        }
        if (status != 200) {
            throw new IOException("the downstream " + downstream + " answered " + status + ", not 200");
        }
        stamps.called();
    }

    /**
     * What a failed call answers: 503 {@code http_pool_timeout} when no connection came free in time, 502 {@code
     * downstream_unavailable} when the downstream refused or broke the connection; an interrupted or timed-out read is
     * passed on as it is.
     *
     * <p>The pool says it timed out in one of two ways: the waiting thread's own timed wait ends ({@link
     * ConnectionRequestTimeoutException}), or a connection comes back (or another lease arrives) after the deadline but
     * before that thread has woken, as on a busy machine, and the pool fails the lease itself with a {@link
     * org.apache.hc.core5.util.DeadlineTimeoutException}, which the client wraps in a {@link RequestFailedException}.
     * Both are the pool's timeout.
     */
    IOException failure(IOException e) {
        if (e instanceof ConnectionRequestTimeoutException) {
            return poolTimeout(e.getMessage(), e);
        }
        if (e instanceof RequestFailedException && e.getCause() instanceof TimeoutException deadline) {
            return poolTimeout(deadline.getMessage(), e);
        }
        return e instanceof InterruptedIOException ? e : downstreamUnavailable(e);
    }

    private WaitFailure poolTimeout(String detail, IOException e) {
        return new WaitFailure(
                503,
                WaitFailure.HTTP_POOL_TIMEOUT,
                "how=http-pool: no connection of the pool's " + pool.getDefaultMaxPerRoute() + " came free within "
                        + timeoutMs + " ms (--http-pool, --http-pool-timeout-ms): " + detail,
                e);
    }

    private WaitFailure downstreamUnavailable(IOException e) {
        return new WaitFailure(
                502,
                WaitFailure.DOWNSTREAM_UNAVAILABLE,
                "how=http-pool: the downstream " + downstream + " refused or broke the connection: " + e,
                e);
    }

    /** The pool's own view ({@link PoolStats} over every route), for /stats. */
    Map<String, Object> stats() {
        PoolStats total = pool.getTotalStats();
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("leased", total.getLeased());
        stats.put("pending", total.getPending());
        stats.put("available", total.getAvailable());
        stats.put("max", total.getMax());
        return stats;
    }

    /** The pool's settings as the library holds them, for /stats' settings. */
    Map<String, Object> settings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("library", "Apache HttpClient 5 classic");
        settings.put("maxPerRoute", pool.getDefaultMaxPerRoute());
        settings.put("maxTotal", pool.getMaxTotal());
        settings.put("connectionRequestTimeoutMs", timeoutMs);
        return settings;
    }

    @Override
    public void close() {
        client.close(CloseMode.IMMEDIATE);
    }

    /** The pooling manager, with the borrow stamped on the request's thread; everything else as it is. */
    private record StampingManager(PoolingHttpClientConnectionManager pool) implements HttpClientConnectionManager {
        @Override
        public LeaseRequest lease(String id, HttpRoute route, Timeout requestTimeout, Object state) {
            PoolStamps stamps = STAMPS.get() == null ? PoolStamps.NONE : STAMPS.get();
            stamps.borrowing();
            LeaseRequest lease = pool.lease(id, route, requestTimeout, state);
            return new LeaseRequest() {
                @Override
                public ConnectionEndpoint get(Timeout timeout)
                        throws InterruptedException, ExecutionException, TimeoutException {
                    ConnectionEndpoint endpoint = lease.get(timeout);
                    stamps.borrowed();
                    return endpoint;
                }

                @Override
                public boolean cancel() {
                    return lease.cancel();
                }
            };
        }

        @Override
        public void release(ConnectionEndpoint endpoint, Object newState, TimeValue validDuration) {
            pool.release(endpoint, newState, validDuration);
        }

        @Override
        public void connect(ConnectionEndpoint endpoint, TimeValue connectTimeout, HttpContext context)
                throws IOException {
            pool.connect(endpoint, connectTimeout, context);
        }

        @Override
        public void upgrade(ConnectionEndpoint endpoint, HttpContext context) throws IOException {
            pool.upgrade(endpoint, context);
        }

        @Override
        public void close(CloseMode closeMode) {
            pool.close(closeMode);
        }

        @Override
        public void close() {
            pool.close();
        }
    }
}
