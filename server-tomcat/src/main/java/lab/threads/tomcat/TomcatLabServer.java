package lab.threads.tomcat;

import jakarta.servlet.ServletConnection;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
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
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Embedded Tomcat 11 (one connector, HTTP/1.1 over NIO, one servlet for every path), as Spring Boot embeds it but
 * without Spring. The Tomcat variants differ only in {@link TomcatThreads}; the servlet runs the sleep on whatever
 * thread the connector handed it the request.
 *
 * <p>The request is read and parsed on that thread too: a request that waits for a worker waits before the contract's
 * "received" stamp (Undertow reads on its I/O threads and stamps before the hand-off). Tomcat has no public accept
 * hook: {@link AcceptStampingEndpoint} stamps the accept in the NIO endpoint's protected {@code serverSocketAccept()},
 * on the acceptor thread. A request reaches its connection's stamp by the client's address and port; the connection
 * then keeps its {@link ConnectionClock} by its {@code ServletConnection}, and a response's end is stamped once the
 * servlet's flush has written its last byte to the socket.
 */
public final class TomcatLabServer implements LabServer {
    /**
     * Tomcat refuses a request whose line and headers exceed this with its own 400 (414 for the line alone); it sits
     * above the lab's limits so that the contract (HttpLimits) decides at the lab's numbers. Tomcat allocates a read
     * buffer of this size per processor, one per request in flight: it is kept near the limits, not far above.
     */
    static final int PARSER_GUARD_BYTES = HttpLimits.MAX_REQUEST_LINE_BYTES + HttpLimits.MAX_HEADER_BYTES + 1024;

    /**
     * The lab's bad-input cases (ContractSuite) that Tomcat answers itself, before the servlet, with its reason
     * (docs/servers.md): a request-target with an authority other than the Host header's is refused as inconsistent
     * (RFC 9112 3.2.2 says to ignore Host instead); a version it does not implement is 505, not 400; a request line
     * that overflows its read buffer ({@link #PARSER_GUARD_BYTES}) is "Request header is too large", 400, not 414.
     */
    public static final Map<String, Integer> OWN_ANSWERS =
            Map.of("absolute-form with port", 400, "HTTP/2.0", 505, "URL of 100 KB", 400);

    /** Numbers the Tomcats of this JVM, for a name each. */
    private static final java.util.concurrent.atomic.AtomicInteger INSTANCES =
            new java.util.concurrent.atomic.AtomicInteger();

    private final Tomcat tomcat;
    private final Connector connector;
    private final StandardContext context;
    private final SleepContract contract;

    private TomcatLabServer(SleepContract contract, TomcatThreads threads) {
        this.contract = contract;
        ServerSettings settings = contract.settings();
        tomcat = new Tomcat();
        try {
            tomcat.setBaseDir(
                    Files.createTempDirectory("tomcat-" + contract.variant().shortName())
                            .toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        AcceptedConnections accepted = new AcceptedConnections();
        // Tomcat's stock HTTP/1.1 NIO protocol ("HTTP/1.1"), on an endpoint that stamps each accept.
        connector = new Connector(new Http11NioProtocol(new AcceptStampingEndpoint(accepted)));
        connector.setPort(settings.port());
        set("address", settings.host());
        // The lab's HTTP limits, whatever the settings mode: Tomcat counts header lines itself (400 above 100, its
        // default too); the line's and the section's bytes are the contract's, under Tomcat's guard.
        set("maxHeaderCount", Integer.toString(HttpLimits.MAX_HEADERS));
        set("maxHttpRequestHeaderSize", Integer.toString(PARSER_GUARD_BYTES));
        if (threads == TomcatThreads.VIRTUAL) {
            set("useVirtualThreads", "true");
        }
        if (settings.labTuned()) {
            set("acceptCount", Integer.toString(settings.backlog()));
            set("maxConnections", Integer.toString(settings.maxConnections()));
            set("keepAliveTimeout", Long.toString(Math.min(Integer.MAX_VALUE, settings.idleTimeoutMs())));
            if (threads == TomcatThreads.OWN_POOL) {
                set("maxThreads", Integer.toString(settings.poolThreads()));
            }
        }
        tomcat.setConnector(connector);
        // The engine's name is the domain of Tomcat's JMX beans: two Tomcats of one JVM starting at once under the
        // default name race to register the same bean, and the second fails to start (InstanceAlreadyExistsException).
        tomcat.getEngine().setName("Tomcat-" + INSTANCES.incrementAndGet());
        context = (StandardContext) tomcat.addContext("", null);
        if (settings.labTuned()) {
            // On stop Tomcat waits this long for requests still in the servlet (StandardWrapper.unload), before it
            // closes the connections: its own setting for the lab's grace (default 2 s).
            context.setUnloadDelay(settings.shutdownGraceMs());
        }
        Tomcat.addServlet(context, "lab", new LabServlet(contract, accepted));
        context.addServletMappingDecoded("/", "lab");
    }

    private void set(String property, String value) {
        if (!connector.setProperty(property, value)) {
            throw new IllegalStateException(
                    "Tomcat's connector has no property " + property + ": another Tomcat than 11?");
        }
    }

    /** Starts Tomcat with {@code threads} running every request. */
    public static LabServer start(SleepContract contract, TomcatThreads threads) {
        TomcatLabServer server = new TomcatLabServer(contract, threads);
        try {
            server.tomcat.start();
        } catch (LifecycleException e) {
            throw new IllegalStateException(e);
        }
        if (server.connector.getLocalPort() < 0) {
            // Tomcat logs a failed bind and carries on without the connector.
            server.stopQuietly();
            throw new UncheckedIOException(new java.net.BindException("Tomcat could not listen on "
                    + contract.settings().host() + ":" + contract.settings().port() + ": Address already in use"));
        }
        contract.running(TomcatLoadSettings.read(
                (AbstractHttp11Protocol<?>) server.connector.getProtocolHandler(), server.context));
        return server;
    }

    @Override
    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public void stop() {
        stopQuietly();
    }

    /** Tomcat's own stop: pause the connector, wait the unload delay for requests in the servlet, close the rest. */
    private void stopQuietly() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every path: the contract decides, the sleep runs on the calling (connector's) thread. */
    private static final class LabServlet extends HttpServlet {
        private final transient SleepContract contract;
        private final transient AcceptedConnections accepted;
        /**
         * Each connection's clock, from its first request on: Tomcat keeps one ServletConnection per connection (its
         * socket wrapper's), so a weak key forgets a closed connection with it.
         */
        private final transient Map<ServletConnection, ConnectionClock> clocks =
                Collections.synchronizedMap(new WeakHashMap<>());

        LabServlet(SleepContract contract, AcceptedConnections accepted) {
            this.contract = contract;
            this.accepted = accepted;
        }

        @Override
        protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
            ConnectionClock clock = clocks.computeIfAbsent(req.getServletConnection(), c -> accepted.claim(peer(req)));
            switch (contract.accept(head(req, clock))) {
                case Reply reply -> {
                    send(res, reply);
                    clock.responded(System.nanoTime());
                }
                case SleepJob job -> {
                    send(res, contract.sleep(job));
                    // send() flushed: the response is on the connection, the server's clock stops.
                    clock.responded(contract.responded(job));
                }
            }
        }

        /**
         * The client's address and port, as the acceptor saw them; null if Tomcat's text is no address. Its remote
         * address is an IP literal, which {@code getByName} parses without a lookup ({@code InetAddress.ofLiteral}
         * would insist on one, but it is JDK 22's, and the servers run on 21 too: {@code --server-jdk 21}).
         */
        private static SocketAddress peer(HttpServletRequest req) {
            try {
                return new InetSocketAddress(InetAddress.getByName(req.getRemoteAddr()), req.getRemotePort());
            } catch (java.net.UnknownHostException notAnAddress) {
                return null;
            }
        }

        private static RequestHead head(HttpServletRequest req, ConnectionClock clock) {
            HeaderSection headers = new HeaderSection();
            for (String name : Collections.list(req.getHeaderNames())) {
                Collections.list(req.getHeaders(name)).forEach(value -> headers.add(name, value));
            }
            // getRequestURI() is the target as sent, undecoded (Tomcat strips an absolute-form's scheme and host).
            return clock.nextRequest(
                    req.getMethod(), req.getRequestURI(), req.getQueryString(), req.getProtocol(), headers);
        }

        private static void send(HttpServletResponse res, Reply reply) throws IOException {
            byte[] body = reply.json().getBytes(StandardCharsets.UTF_8);
            res.setStatus(reply.status());
            res.setContentType("application/json; charset=UTF-8");
            res.setContentLength(body.length);
            reply.headers().forEach(res::setHeader);
            res.getOutputStream().write(body);
            res.flushBuffer();
        }
    }
}
