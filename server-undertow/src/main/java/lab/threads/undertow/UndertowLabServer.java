package lab.threads.undertow;

import io.undertow.Handlers;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.connector.ByteBufferPool;
import io.undertow.io.IoCallback;
import io.undertow.io.Sender;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.ServerConnection;
import io.undertow.server.handlers.GracefulShutdownHandler;
import io.undertow.util.AttachmentKey;
import io.undertow.util.HeaderValues;
import io.undertow.util.HttpString;
import io.undertow.util.SameThreadExecutor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executor;
import lab.threads.common.AcceptedConnections;
import lab.threads.common.ConnectionClock;
import lab.threads.common.HeaderSection;
import lab.threads.common.HttpLimits;
import lab.threads.common.LabServer;
import lab.threads.common.Reply;
import lab.threads.common.RequestHead;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.SleepJob;
import org.xnio.Options;

/**
 * The Undertow server of every Undertow variant. They differ only in their {@link Sleeper}, which runs {@code /sleep}:
 * everything else is answered on Undertow's I/O threads, which never block.
 */
public final class UndertowLabServer implements LabServer {
    private static final HttpString CONTENT_TYPE = HttpString.tryFromString("Content-Type");
    /** A connection's accept and last response, set at its first request: the next ones did not come through the accept queue. */
    private static final AttachmentKey<ConnectionClock> CLOCK = AttachmentKey.create(ConnectionClock.class);

    private final Undertow undertow;
    /** The lab's stop grace; null with stock settings, where stop() is Undertow's own. */
    private final GracefulShutdownHandler graceful;
    /** Undertow's own guard on a request's head (line and headers): above it, it closes the connection unanswered. */
    static final int PARSER_GUARD_BYTES = 1024 * 1024;

    private final Sleeper sleepers;
    private final SleepContract contract;
    /** Stamped by the listener Undertow builds, wrapped once started ({@link AcceptStamp}). */
    private final AcceptedConnections accepted = new AcceptedConnections();
    /** Read by tests: whichever thread writes a response, no buffer cache is left behind for it. */
    final ByteBufferPool buffers = SharedBufferPool.create();

    private UndertowLabServer(SleepContract contract, Sleeper sleepers) {
        this.contract = contract;
        this.sleepers = sleepers;
        ServerSettings settings = contract.settings();
        this.graceful = settings.labTuned() ? Handlers.gracefulShutdown(this::route) : null;
        Undertow.Builder builder = Undertow.builder()
                .addHttpListener(settings.port(), settings.host())
                .setByteBufferPool(buffers)
                // The lab's HTTP limits: Undertow counts header lines itself; the request line and the header
                // section's bytes are checked by the contract (HttpLimits), which must see them: hence a guard far
                // above.
                .setServerOption(UndertowOptions.MAX_HEADERS, HttpLimits.MAX_HEADERS)
                .setServerOption(UndertowOptions.MAX_HEADER_SIZE, PARSER_GUARD_BYTES)
                .setServerOption(UndertowOptions.ALLOW_UNESCAPED_CHARACTERS_IN_URL, false)
                .setServerOption(UndertowOptions.ENABLE_HTTP2, false)
                .setHandler(graceful != null ? graceful : this::route);
        if (settings.labTuned()) {
            int idleTimeoutMs = (int) Math.min(Integer.MAX_VALUE, settings.idleTimeoutMs());
            builder.setSocketOption(Options.BACKLOG, settings.backlog())
                    // XNIO stops accepting at the high-water mark; excess connections wait in the backlog.
                    .setSocketOption(Options.CONNECTION_HIGH_WATER, settings.maxConnections())
                    .setSocketOption(Options.CONNECTION_LOW_WATER, settings.maxConnections())
                    // NO_REQUEST_TIMEOUT closes a keep-alive connection between requests (Undertow's default: 60 s);
                    // IDLE_TIMEOUT any connection without I/O (default: none).
                    .setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, idleTimeoutMs)
                    .setServerOption(UndertowOptions.IDLE_TIMEOUT, idleTimeoutMs);
        }
        this.undertow = builder.build();
    }

    /** Starts Undertow handing every sleep to a thread of {@code executor}; an executor service is shut down with the server. */
    public static LabServer start(SleepContract contract, Executor executor) {
        return start(contract, Sleeper.blockingOn(executor));
    }

    /** Starts Undertow running every sleep with {@code sleepers}. */
    public static LabServer start(SleepContract contract, Sleeper sleepers) {
        UndertowLabServer server = new UndertowLabServer(contract, sleepers);
        try {
            server.undertow.start();
        } catch (RuntimeException e) {
            sleepers.shutdown();
            throw e;
        }
        AcceptStamp.wrap(server.undertow, server.accepted);
        contract.running(UndertowLoadSettings.read(server.undertow, contract.settings()));
        return server;
    }

    private void route(HttpServerExchange exchange) {
        ConnectionClock clock = clock(exchange);
        switch (contract.accept(head(exchange, clock))) {
            case Reply reply -> send(exchange, reply, written(clock, null));
            // Hand off after this I/O-thread call returns; the exchange stays open until the sleeper answers.
            case SleepJob job ->
                exchange.dispatch(
                        SameThreadExecutor.INSTANCE,
                        () -> sleepers.sleep(
                                contract, exchange, job, reply -> send(exchange, reply, written(clock, job))));
        }
    }

    /** The connection's clock, claimed from the accept stamp at its first request; on its I/O thread, so no lock. */
    private ConnectionClock clock(HttpServerExchange exchange) {
        ServerConnection connection = exchange.getConnection();
        ConnectionClock clock = connection.getAttachment(CLOCK);
        if (clock == null) {
            clock = accepted.claim(connection.getPeerAddress());
            connection.putAttachment(CLOCK, clock);
        }
        return clock;
    }

    private static RequestHead head(HttpServerExchange exchange, ConnectionClock clock) {
        HeaderSection headers = new HeaderSection();
        for (HeaderValues header : exchange.getRequestHeaders()) {
            header.forEach(value -> headers.add(header.getHeaderName().toString(), value));
        }
        return clock.nextRequest(
                exchange.getRequestMethod().toString(),
                exchange.getRequestURI(),
                exchange.getQueryString(),
                exchange.getProtocol().toString(),
                headers);
    }

    /**
     * Undertow writes asynchronously: the response's end is stamped when its last byte was handed to the socket, before
     * Undertow ends the exchange (which then sets the connection up for its next request).
     *
     * @param job the sleep whose clock stops here; null for any other answer
     */
    private IoCallback written(ConnectionClock clock, SleepJob job) {
        return new IoCallback() {
            @Override
            public void onComplete(HttpServerExchange exchange, Sender sender) {
                stamp();
                IoCallback.END_EXCHANGE.onComplete(exchange, sender);
            }

            @Override
            public void onException(HttpServerExchange exchange, Sender sender, IOException exception) {
                stamp();
                IoCallback.END_EXCHANGE.onException(exchange, sender, exception);
            }

            private void stamp() {
                clock.responded(job == null ? System.nanoTime() : contract.responded(job));
            }
        };
    }

    private static void send(HttpServerExchange exchange, Reply reply, IoCallback whenWritten) {
        exchange.setStatusCode(reply.status());
        exchange.getResponseHeaders().put(CONTENT_TYPE, "application/json; charset=UTF-8");
        for (Map.Entry<String, String> header : reply.headers().entrySet()) {
            exchange.getResponseHeaders().put(HttpString.tryFromString(header.getKey()), header.getValue());
        }
        exchange.getResponseSender().send(ByteBuffer.wrap(reply.json().getBytes(StandardCharsets.UTF_8)), whenWritten);
    }

    /** Read by tests: the I/O threads that accept, read and write every connection. */
    org.xnio.XnioWorker worker() {
        return undertow.getWorker();
    }

    @Override
    public int port() {
        return ((java.net.InetSocketAddress)
                        undertow.getListenerInfo().getFirst().getAddress())
                .getPort();
    }

    @Override
    public void stop() {
        if (graceful != null) {
            graceful.shutdown();
            try {
                graceful.awaitShutdown(contract.settings().shutdownGraceMs());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        // Closes the listener, then Undertow's worker closes every connection: what is still in flight gets no answer.
        undertow.stop();
        sleepers.shutdown();
    }
}
