package lab.threads.async;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.pool.PoolMetrics;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.Result;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import lab.threads.common.DatabasePoolCounts;
import lab.threads.common.DatabaseWithoutThread;
import lab.threads.common.PoolStamps;
import lab.threads.common.WaitFailure;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * {@code how=db} with no thread waiting: r2dbc-pool lends a connection of r2dbc-postgresql (Netty's event loops, the
 * PostgreSQL protocol without blocking), {@code select pg_sleep(N/1000.0)} runs on it, and the request is answered on
 * the event loop that read the result. The pool is bounded and queues its borrowers like HikariCP: with more requests
 * in flight than connections, the rest are pending acquires, each with a timer and no thread.
 *
 * <p>r2dbc-pool's own defaults but three: the size ({@code maxSize}), the wait for a connection ({@code
 * maxAcquireTime}, unbounded as it ships) and no retry of a failed acquire ({@code acquireRetry} 0, 1 as it ships: a
 * retry would wait the timeout twice and try a database that is down twice, where HikariCP answers after one
 * timeout). The pool opens its first connections in the background at start ({@link #openInBackground}), as HikariCP
 * fills its pool: a server starts with its database down, and {@code how=db} answers 503 {@code db_unavailable}
 * meanwhile, at once, where HikariCP answers it after its timeout.
 */
final class R2dbcDatabaseWait implements DatabaseWithoutThread {
    private static final String DESCRIPTION = "select pg_sleep(N/1000.0) on a connection lent by r2dbc-pool"
            + " (r2dbc-postgresql on Netty): no thread waits for the pool or the query";

    /** A failed acquire is not tried again (see the class's comment). */
    private static final int ACQUIRE_RETRY = 0;

    private final String jdbcUrl;
    private final long timeoutMs;
    private final ConnectionPool pool;

    R2dbcDatabaseWait(String jdbcUrl, int poolSize, long timeoutMs) {
        this.jdbcUrl = jdbcUrl;
        this.timeoutMs = timeoutMs;
        this.pool =
                new ConnectionPool(ConnectionPoolConfiguration.builder(ConnectionFactories.get(r2dbcOptions(jdbcUrl)))
                        .name("lab-db")
                        .maxSize(poolSize)
                        .maxAcquireTime(Duration.ofMillis(timeoutMs))
                        .acquireRetry(ACQUIRE_RETRY)
                        .build());
        openInBackground();
    }

    /**
     * One borrow, given back at once, makes the pool open its initial connections now, as HikariCP fills its pool at
     * start; a database that is down fails it, and the requests name that. Not {@code warmup()}: in reactor-pool 1.0.8
     * a failed connection there keeps the permits of those it had not yet opened, and the pool would stay that much
     * smaller after the database came up.
     */
    private void openInBackground() {
        pool.create().flatMap(connection -> Mono.from(connection.close())).subscribe(returned -> {}, downForNow -> {});
    }

    /**
     * The JDBC URL's database as r2dbc options: {@code jdbc:postgresql://host:port/db?user=u&password=p} gives host,
     * port, database, and each query parameter as the r2dbc option of its name ({@code user}, {@code password} are
     * named alike; r2dbc's own URL form refuses them in its query, hence options, not a rewritten URL).
     */
    static ConnectionFactoryOptions r2dbcOptions(String jdbcUrl) {
        URI url = URI.create(jdbcUrl.substring("jdbc:".length()));
        ConnectionFactoryOptions.Builder options = ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, url.getScheme())
                .option(ConnectionFactoryOptions.HOST, url.getHost());
        if (url.getPort() != -1) {
            options.option(ConnectionFactoryOptions.PORT, url.getPort());
        }
        String database = url.getPath() == null ? "" : url.getPath().replaceFirst("^/", "");
        if (!database.isEmpty()) {
            options.option(ConnectionFactoryOptions.DATABASE, database);
        }
        String query = url.getRawQuery();
        for (String pair : query == null ? new String[0] : query.split("&")) {
            String[] nameAndValue = pair.split("=", 2);
            options.option(
                    Option.valueOf(URLDecoder.decode(nameAndValue[0], StandardCharsets.UTF_8)),
                    nameAndValue.length == 2 ? URLDecoder.decode(nameAndValue[1], StandardCharsets.UTF_8) : "");
        }
        return options.build();
    }

    /**
     * Emits once the server begins to stop; a borrow still pending then is cancelled (r2dbc-pool takes it off its
     * queue, and gives back a connection that came at the same moment), and later ones end at once.
     */
    private final Sinks.One<Boolean> stopping = Sinks.one();

    @Override
    public CompletableFuture<Void> await(long millis, PoolStamps stamps) {
        Mono<Connection> borrow = Mono.defer(() -> {
                    stamps.borrowing();
                    return pool.create();
                })
                .onErrorMap(this::borrowFailed)
                .takeUntilOther(stopping.asMono())
                .switchIfEmpty(Mono.error(() -> WaitFailure.stoppingWhileQueued("how=db", null)))
                .doOnNext(connection -> stamps.borrowed());
        return Mono.usingWhen(borrow, connection -> sleep(connection, millis, stamps), Connection::close)
                .toFuture();
    }

    private static Mono<Void> sleep(Connection connection, long millis, PoolStamps stamps) {
        return Flux.from(connection
                        .createStatement("select pg_sleep($1)")
                        .bind("$1", millis / 1000.0)
                        .execute())
                .flatMap(Result::getRowsUpdated)
                .then()
                .doOnSuccess(done -> stamps.called())
                .onErrorMap(e ->
                        WaitFailure.dbQueryFailed(e instanceof R2dbcException r2dbc ? r2dbc.getSqlState() : null, e));
    }

    /**
     * r2dbc-pool answers a borrow that waited out {@code maxAcquireTime} with a timeout, and one whose new connection
     * failed with that failure (the database down or refusing). A timeout is the pool's only when the pool held every
     * connection it may open: then they were all in use. With room left, a connection was still being opened and the
     * database had not given it within the timeout (not answered yet, or its refusal still to come), as HikariCP's
     * {@code DatabaseWait} names it.
     */
    private Throwable borrowFailed(Throwable e) {
        if (e instanceof R2dbcTimeoutException && stats().full()) {
            return WaitFailure.dbPoolTimeout(metrics().getMaxAllocatedSize(), timeoutMs, e);
        }
        return WaitFailure.dbUnavailable(jdbcUrl, e.getCause() == null ? e : e.getCause(), e);
    }

    /**
     * The connections open, lent out or idle. Not {@code allocatedSize()}: reactor-pool counts a connection there from
     * the moment it starts opening it, so a pool whose every connection is still connecting would look full.
     */
    private static int openConnections(PoolMetrics metrics) {
        return metrics.acquiredSize() + metrics.idleSize();
    }

    @Override
    public String description() {
        return DESCRIPTION;
    }

    /**
     * r2dbc-pool's own metrics: lent out ({@code acquiredSize}), idle, pending acquires, and as {@code total} the
     * connections open ({@link #openConnections}), which is what HikariCP's {@code getTotalConnections} counts: the same
     * name means the same count on every server.
     */
    @Override
    public DatabasePoolCounts stats() {
        PoolMetrics metrics = metrics();
        return new DatabasePoolCounts(
                metrics.acquiredSize(),
                metrics.idleSize(),
                openConnections(metrics),
                metrics.pendingAcquireSize(),
                metrics.getMaxAllocatedSize());
    }

    /** Its size as the pool holds it, and the two settings given it beside the size, by r2dbc-pool's names. */
    @Override
    public Map<String, Object> settings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("library", "r2dbc-pool");
        settings.put("maxSize", metrics().getMaxAllocatedSize());
        settings.put("maxAcquireTimeMs", timeoutMs);
        settings.put("acquireRetry", ACQUIRE_RETRY);
        return settings;
    }

    /** r2dbc-pool always has them: its reactor-pool is instrumented. */
    private PoolMetrics metrics() {
        return pool.getMetrics().orElseThrow();
    }

    @Override
    public void stopBorrowing() {
        stopping.tryEmitValue(true);
    }

    @Override
    public void close() {
        pool.dispose();
    }
}
