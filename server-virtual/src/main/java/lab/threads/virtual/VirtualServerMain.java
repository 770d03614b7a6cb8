package lab.threads.virtual;

import io.helidon.common.socket.SocketOptions;
import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HttpMediaTypes;
import io.helidon.http.HttpPrologue;
import io.helidon.http.Status;
import io.helidon.webserver.ListenerConfig;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.helidon.webserver.http1.Http1Config;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.time.Duration;
import java.util.Map;
import lab.threads.common.AcceptedConnections;
import lab.threads.common.ConnectionClock;
import lab.threads.common.HeaderSection;
import lab.threads.common.HttpLimits;
import lab.threads.common.LabServer;
import lab.threads.common.LoadSettings;
import lab.threads.common.Reply;
import lab.threads.common.RequestHead;
import lab.threads.common.ServerLauncher;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.SleepJob;
import lab.threads.common.Variant;

/**
 * Helidon 4 WebServer ("Níma"): every connection gets a virtual thread and its requests run on it, so the sleep
 * simply runs where the request arrived. There is nothing to dispatch.
 */
public final class VirtualServerMain {
    /** Helidon runs a connection's requests one after another on the connection's own virtual thread. */
    private static final ThreadLocal<ConnectionClock> CONNECTION = new ThreadLocal<>();

    private VirtualServerMain() {}

    /**
     * How to run: {@code ./lab server virtual} (or, built, {@code java -jar server-virtual/target/server-virtual.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8083/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8083/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.VIRTUAL, VirtualServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        ServerSettings settings = contract.settings();
        AcceptedConnections accepted = new AcceptedConnections();
        WebServerConfig.Builder builder = WebServer.builder()
                .host(settings.host())
                .port(settings.port())
                // The lab's HTTP limits where Helidon has the setting (414 and 400 of its own); the contract checks the
                // rest.
                // Only this HTTP/1.1 configuration: no second one discovered with Helidon's defaults.
                .protocolsDiscoverServices(false)
                .addProtocol(Http1Config.builder()
                        .maxPrologueLength(HttpLimits.MAX_REQUEST_LINE_BYTES)
                        .maxHeadersSize(HttpLimits.MAX_HEADER_BYTES)
                        .validatePrologue(true)
                        .validatePath(true)
                        .validateRequestHostHeader(true)
                        .build())
                .routing(routing -> routing.any((req, res) -> answer(contract, accepted, req, res)));
        if (settings.labTuned()) {
            builder.backlog(settings.backlog())
                    // A permit per connection taken before accept(): Helidon's listener never sees "Too many open
                    // files".
                    .maxTcpConnections(settings.maxConnections())
                    .idleConnectionTimeout(Duration.ofMillis(settings.idleTimeoutMs()))
                    // The grace is the stop's own wait for the requests in flight (below): Helidon's would also wait
                    // for every connection still sending a request's head (2,000 of them: still running after 60 s).
                    .shutdownGracePeriod(AFTER_THE_REQUESTS);
        }
        builder.connectionOptions(new AcceptStampingOptions(
                builder.connectionOptions()
                        .orElseGet(() -> SocketOptions.builder().build()),
                accepted));
        WebServer server = builder.build();
        LoadSettings own = loadSettings(server.prototype());
        // With the lab's settings the stop's grace is the lab's own wait for the requests in flight (stop() below).
        contract.running(
                settings.labTuned()
                        ? new LoadSettings(
                                own.backlog(), own.maxConnections(), own.idleTimeoutMs(), settings.shutdownGraceMs())
                        : own);
        server.start();
        if (!server.isRunning()) {
            // Helidon logs a failed bind and returns a stopped server instead of throwing.
            throw new UncheckedIOException(
                    new BindException("Helidon could not listen on " + settings.host() + ":" + settings.port()));
        }
        return new LabServer() {
            @Override
            public int port() {
                return server.port();
            }

            @Override
            public void stop() {
                if (settings.labTuned()) {
                    contract.awaitNoneInFlight(Duration.ofMillis(settings.shutdownGraceMs()));
                }
                server.stop();
            }
        };
    }

    /** Helidon's own view of its listener: -1 connections is its "unlimited", a zero duration none. */
    static LoadSettings loadSettings(ListenerConfig listener) {
        return new LoadSettings(
                listener.backlog(),
                listener.maxTcpConnections() < 0 ? null : listener.maxTcpConnections(),
                millisOrNone(listener.idleConnectionTimeout()),
                millisOrNone(listener.shutdownGracePeriod()));
    }

    /** Helidon's own grace once the requests in flight have ended: for the connections' threads to close. */
    private static final Duration AFTER_THE_REQUESTS = Duration.ofMillis(100);

    private static Long millisOrNone(Duration duration) {
        return duration.isPositive() ? duration.toMillis() : null;
    }

    private static void answer(
            SleepContract contract, AcceptedConnections accepted, ServerRequest req, ServerResponse res) {
        ConnectionClock clock = CONNECTION.get();
        if (clock == null) {
            clock = accepted.claim(req.remotePeer().address());
            CONNECTION.set(clock);
        }
        ConnectionClock connection = clock;
        switch (contract.accept(head(req, connection))) {
            case Reply immediate -> {
                res.whenSent(() -> connection.responded(System.nanoTime()));
                send(res, immediate);
            }
            case SleepJob job -> {
                // Helidon runs this right after its write to the socket, before its own end of the exchange.
                res.whenSent(() -> connection.responded(contract.responded(job)));
                send(res, contract.sleep(job));
            }
        }
    }

    private static RequestHead head(ServerRequest req, ConnectionClock connection) {
        HttpPrologue prologue = req.prologue();
        HeaderSection headers = new HeaderSection();
        for (Header header : req.headers()) {
            header.allValues().forEach(value -> headers.add(header.name(), value));
        }
        // The raw path keeps an absolute-form target whole (http://host/sleep): the contract strips its authority.
        return connection.nextRequest(
                prologue.method().text(),
                prologue.uriPath().rawPath(),
                req.query().rawValue(),
                prologue.rawProtocol(),
                headers);
    }

    private static void send(ServerResponse res, Reply reply) {
        res.status(Status.create(reply.status()));
        res.header(HeaderNames.CONTENT_TYPE, HttpMediaTypes.JSON_UTF_8.text());
        for (Map.Entry<String, String> header : reply.headers().entrySet()) {
            res.header(HeaderNames.create(header.getKey()), header.getValue());
        }
        res.send(reply.json());
    }
}
