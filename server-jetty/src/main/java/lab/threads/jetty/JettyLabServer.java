package lab.threads.jetty;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
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
 * before the contract's "received" stamp. For the lead (accept timestamp, issue 28): Jetty has a public accept hook,
 * {@code SelectorManager.AcceptListener} ({@code connector.addEventListener(listener)}: {@code onAccepting},
 * {@code onAccepted(SelectableChannel)}), and {@code Connection.Listener.onOpened(Connection)} once the connection
 * exists; a request reaches its connection through {@code request.getConnectionMetaData()}, an {@code Attributes}.
 */
public final class JettyLabServer implements LabServer {
    /**
     * Jetty refuses a request line or header section above this with its own 414 or 431; it sits above the lab's
     * limits so that the contract (HttpLimits) decides at the lab's numbers.
     */
    static final int PARSER_GUARD_BYTES = HttpLimits.MAX_REQUEST_LINE_BYTES + HttpLimits.MAX_HEADER_BYTES + 1024;
    /** A connection attribute set once its first request was read: the next ones did not come through the accept queue. */
    private static final String SEEN = "lab.seen";

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

    private JettyLabServer(SleepContract contract, JettyThreads threads) {
        ServerSettings settings = contract.settings();
        server = new Server(threads.pool(settings.labTuned() ? settings.poolThreads() : null));
        HttpConfiguration http = new HttpConfiguration();
        http.setRequestHeaderSize(PARSER_GUARD_BYTES);
        http.setSendServerVersion(false);
        connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        Handler handler = new LabHandler(contract);
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
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every path: the contract decides, the sleep blocks the calling thread (Jetty's pool's or a virtual one). */
    private static final class LabHandler extends Handler.Abstract {
        private final SleepContract contract;

        LabHandler(SleepContract contract) {
            this.contract = contract;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            switch (contract.accept(head(request))) {
                case Reply reply -> send(response, reply, callback);
                case SleepJob job -> send(response, contract.sleep(job), timed(job, callback));
            }
            return true;
        }

        /** Jetty writes asynchronously: the server's clock of a sleep stops when the write has completed. */
        private Callback timed(SleepJob job, Callback callback) {
            return Callback.from(
                    Invocable.InvocationType.NON_BLOCKING,
                    () -> {
                        contract.responded(job);
                        callback.succeeded();
                    },
                    failure -> {
                        contract.responded(job);
                        callback.failed(failure);
                    });
        }

        private static RequestHead head(Request request) {
            HeaderSection headers = new HeaderSection();
            for (HttpField field : request.getHeaders()) {
                headers.add(field.getName(), field.getValue());
            }
            boolean first = request.getConnectionMetaData().setAttribute(SEEN, Boolean.TRUE) == null;
            // getPath() is the path as sent, undecoded; an absolute-form target is parsed into its parts by Jetty.
            return new RequestHead(
                    request.getMethod(),
                    request.getHttpURI().getPath(),
                    request.getHttpURI().getQuery(),
                    request.getConnectionMetaData().getHttpVersion().asString(),
                    headers,
                    first);
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
