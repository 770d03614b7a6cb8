package lab.threads.jetty;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
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
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Invocable;

/**
 * Embedded Jetty 12.1 with one core {@link Handler} (no servlet): the Jetty variants differ only in
 * {@link JettyThreads}. The handler blocks in the sleep on the thread Jetty called it on.
 *
 * <p>Jetty parses a request on the thread that then runs the handler: a request waiting for a pool thread waits
 * before the contract's "received" stamp. The accept is stamped by {@link AcceptStamp} on the acceptor thread; each
 * connection keeps its {@link ConnectionClock} in its {@code ConnectionMetaData} (one per connection), and a response's
 * end is stamped when Jetty's write of its last byte has completed, before the handler's callback lets Jetty read the
 * connection's next request.
 */
public final class JettyLabServer implements LabServer {
    /**
     * Jetty refuses a request line or header section above this with its own 414 or 431; it sits above the lab's
     * limits so that the contract (HttpLimits) decides at the lab's numbers.
     */
    static final int PARSER_GUARD_BYTES = HttpLimits.MAX_REQUEST_LINE_BYTES + HttpLimits.MAX_HEADER_BYTES + 1024;
    /** A connection's accept and last response, set at its first request: the next ones did not come through the accept queue. */
    private static final String CLOCK = "lab.clock";

    /**
     * The lab's bad-input cases (ContractSuite) that Jetty answers itself, before the handler, with its reason
     * (docs/servers.md): a header section beyond its buffer ({@link #PARSER_GUARD_BYTES}) is 431, RFC 6585's status
     * for it; a request line naming HTTP/2.0 on an HTTP/1.1 connector is 426 Upgrade Required; a request-target with
     * an authority other than the Host header's is refused (its RFC 9110 compliance mode, as Tomcat does).
     */
    public static final Map<String, Integer> OWN_ANSWERS =
            Map.of("header of 100 KB", 431, "HTTP/2.0", 426, "absolute-form with port", 400);

    private final Server server;
    private final ServerConnector connector;
    private final SleepContract contract;

    private JettyLabServer(SleepContract contract, JettyThreads threads) {
        this.contract = contract;
        ServerSettings settings = contract.settings();
        server = new Server(threads.pool(settings.labTuned() ? settings.poolThreads() : null));
        HttpConfiguration http = new HttpConfiguration();
        http.setRequestHeaderSize(PARSER_GUARD_BYTES);
        http.setSendServerVersion(false);
        connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        AcceptedConnections accepted = new AcceptedConnections();
        connector.getSelectorManager().addEventListener(new AcceptStamp(accepted));
        Handler handler = new LabHandler(contract, accepted);
        if (settings.labTuned()) {
            connector.setAcceptQueueSize(settings.backlog());
            connector.setIdleTimeout(settings.idleTimeoutMs());
            // Stops accepting at the limit: the excess waits in the backlog.
            server.addBean(new NetworkConnectionLimit(settings.maxConnections(), connector));
            // On stop, in-flight requests finish within the server's stop timeout; new ones get 503.
            handler = new GracefulHandler(handler);
            server.setStopTimeout(settings.shutdownGraceMs());
        }
        server.addConnector(connector);
        server.setHandler(handler);
    }

    /** Starts Jetty with {@code threads} running every request. */
    public static LabServer start(SleepContract contract, JettyThreads threads) {
        JettyLabServer lab = new JettyLabServer(contract, threads);
        try {
            lab.server.start();
        } catch (Exception e) {
            lab.stop();
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
        }
        contract.running(JettyLoadSettings.read(lab.server, lab.connector));
        return lab;
    }

    @Override
    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public void stop() {
        try {
            // The grace is for the requests in flight, which the contract counts: once they have ended, nothing is
            // left for Jetty's own stop timeout to wait for. On virtual threads it waited the whole timeout for
            // connections still sending a request's head (2,000 of them: still running after 60 s).
            if (server.getStopTimeout() > 0 && server.isRunning()) {
                contract.awaitNoneInFlight(Duration.ofMillis(server.getStopTimeout()));
                server.setStopTimeout(0);
            }
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every path: the contract decides, the sleep blocks the calling thread (Jetty's pool's or a virtual one). */
    private static final class LabHandler extends Handler.Abstract {
        private final SleepContract contract;
        private final AcceptedConnections accepted;

        LabHandler(SleepContract contract, AcceptedConnections accepted) {
            this.contract = contract;
            this.accepted = accepted;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            ConnectionClock clock = clock(request.getConnectionMetaData());
            switch (contract.accept(head(request, clock))) {
                case Reply reply -> send(response, reply, written(clock, null, callback));
                case SleepJob job -> send(response, contract.sleep(job), written(clock, job, callback));
            }
            return true;
        }

        /** The connection's clock, claimed from the accept stamp at its first request; its requests come one by one. */
        private ConnectionClock clock(ConnectionMetaData connection) {
            ConnectionClock clock = (ConnectionClock) connection.getAttribute(CLOCK);
            if (clock == null) {
                clock = accepted.claim(connection.getRemoteSocketAddress());
                connection.setAttribute(CLOCK, clock);
            }
            return clock;
        }

        /**
         * Jetty writes asynchronously: the response's end is stamped when the write of its last byte has completed,
         * before the handler's callback tells Jetty the request is done (which then reads the connection's next one).
         *
         * @param job the sleep whose clock stops here; null for any other answer
         */
        private Callback written(ConnectionClock clock, SleepJob job, Callback callback) {
            Runnable stamp = () -> clock.responded(job == null ? System.nanoTime() : contract.responded(job));
            return Callback.from(
                    Invocable.InvocationType.NON_BLOCKING,
                    () -> {
                        stamp.run();
                        callback.succeeded();
                    },
                    failure -> {
                        stamp.run();
                        callback.failed(failure);
                    });
        }

        private static RequestHead head(Request request, ConnectionClock clock) {
            HeaderSection headers = new HeaderSection();
            for (HttpField field : request.getHeaders()) {
                headers.add(field.getName(), field.getValue());
            }
            // getPath() is the path as sent, undecoded; an absolute-form target is parsed into its parts by Jetty.
            return clock.nextRequest(
                    request.getMethod(),
                    request.getHttpURI().getPath(),
                    request.getHttpURI().getQuery(),
                    request.getConnectionMetaData().getHttpVersion().asString(),
                    headers);
        }

        private static void send(Response response, Reply reply, Callback written) {
            response.setStatus(reply.status());
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=UTF-8");
            for (Map.Entry<String, String> header : reply.headers().entrySet()) {
                response.getHeaders().put(header.getKey(), header.getValue());
            }
            response.write(true, ByteBuffer.wrap(reply.json().getBytes(StandardCharsets.UTF_8)), written);
        }
    }
}
