package lab.threads.jdk;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import lab.threads.common.HeaderSection;
import lab.threads.common.LabServer;
import lab.threads.common.LoadSettings;
import lab.threads.common.Reply;
import lab.threads.common.RequestHead;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.SleepJob;

/**
 * The JDK's own {@code com.sun.net.httpserver.HttpServer}, set up as the talk's three servers were (SEEDS.md): no
 * executor, so the server's one dispatcher thread accepts, reads each request and runs the handler, which hands a
 * sleep to the variant's {@code handoff} and returns. The variants differ only in that executor.
 *
 * <p>The request log's "received" is when the handler has the parsed request: the JDK has no hook at accept, so the
 * wait in the kernel's accept queue and the dispatcher's read share one span.
 */
public final class JdkLabServer implements LabServer {
    /** What {@code HttpServer.create(address, 0)} listens with: a backlog below 1 is 50 (ServerSocketChannelImpl). */
    static final int JDK_BACKLOG = 50;

    private final SleepContract contract;
    private final Executor handoff;
    private final JdkExchanges exchanges = new JdkExchanges();
    private final HttpServer server;
    /** HttpServer.stop's delay, in whole seconds; 0 with stock settings: in-flight exchanges are cut off. */
    private final int graceSeconds;

    private JdkLabServer(SleepContract contract, Executor handoff, int backlog) throws IOException {
        this.contract = contract;
        this.handoff = handoff;
        ServerSettings settings = contract.settings();
        this.graceSeconds = settings.labTuned() ? Math.toIntExact(Math.ceilDiv(settings.shutdownGraceMs(), 1000)) : 0;
        this.server = HttpServer.create(new InetSocketAddress(settings.host(), settings.port()), backlog);
        // One context for every path: the contract answers unknown ones (404 JSON), not the JDK (404 HTML).
        server.createContext("/", this::handle);
    }

    /** Starts the server handing each sleep to a thread of {@code handoff}; an executor service is shut down with it. */
    public static LabServer start(SleepContract contract, Executor handoff) {
        ServerSettings settings = contract.settings();
        JdkLabServer started;
        try {
            // Before the JVM's first HttpServer: the JDK reads its limits once, then.
            JdkServerConfig config = JdkServerConfig.forJvm(settings);
            started = new JdkLabServer(contract, handoff, settings.labTuned() ? settings.backlog() : 0);
            started.server.start();
            contract.running(loadSettings(settings, config, started.graceSeconds), config.describe());
        } catch (IOException e) {
            shutdown(handoff);
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            shutdown(handoff);
            throw e;
        }
        return started;
    }

    private static LoadSettings loadSettings(ServerSettings settings, JdkServerConfig config, int graceSeconds) {
        return new LoadSettings(
                settings.labTuned() ? settings.backlog() : JDK_BACKLOG,
                config.maxConnections() > 0 ? config.maxConnections() : null,
                config.idleIntervalSeconds() * 1000,
                settings.labTuned() ? graceSeconds * 1000L : null);
    }

    /** On the dispatcher thread: decide, answer at once or hand the sleep over, return. */
    private void handle(HttpExchange exchange) {
        switch (contract.accept(head(exchange))) {
            case Reply reply -> send(exchange, reply);
            case SleepJob job -> handOver(exchange, job);
        }
    }

    private void handOver(HttpExchange exchange, SleepJob job) {
        try {
            handoff.execute(() -> answer(exchange, job, contract.sleep(job)));
        } catch (Throwable noThread) {
            // OutOfMemoryError "unable to create native thread" or a rejection: answer, count, keep serving. The
            // talk's servers let it escape, and the JDK then closed the connection unanswered.
            answer(exchange, job, contract.threadUnavailable(noThread));
        }
    }

    private void answer(HttpExchange exchange, SleepJob job, Reply reply) {
        send(exchange, reply);
        // The response is written and the exchange closed (blocking writes): the server's clock stops.
        contract.responded(job);
    }

    private RequestHead head(HttpExchange exchange) {
        HeaderSection headers = new HeaderSection();
        for (Map.Entry<String, List<String>> header :
                exchange.getRequestHeaders().entrySet()) {
            header.getValue().forEach(value -> headers.add(header.getKey(), value));
        }
        // Split as the JDK split it (ServerImpl.Exchange): method, target, and all after the second space the version.
        String line = exchanges.requestLine(exchange);
        int afterMethod = line.indexOf(' ');
        int afterTarget = line.indexOf(' ', afterMethod + 1);
        String target = line.substring(afterMethod + 1, afterTarget);
        int query = target.indexOf('?');
        return new RequestHead(
                line.substring(0, afterMethod),
                query < 0 ? target : target.substring(0, query),
                query < 0 ? null : target.substring(query + 1),
                line.substring(afterTarget + 1),
                headers,
                exchanges.firstOnConnection(exchange));
    }

    private static void send(HttpExchange exchange, Reply reply) {
        byte[] body = reply.json().getBytes(StandardCharsets.UTF_8);
        Headers headers = exchange.getResponseHeaders();
        headers.set("Content-Type", "application/json; charset=UTF-8");
        reply.headers().forEach(headers::set);
        try (exchange) {
            exchange.sendResponseHeaders(reply.status(), body.length);
            exchange.getResponseBody().write(body);
        } catch (IOException clientGone) {
            // Nothing to answer: closing the exchange hands the connection back to the JDK, which closes it.
        }
    }

    @Override
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void stop() {
        // The grace is for the requests in flight, which the contract counts. HttpServer's own stop(delay) counts a
        // connection still sending its request's head as an exchange and would hold the stop the whole delay for it
        // (2,000 such connections: still running after 60 s): so wait here for the requests, then close every
        // connection at once.
        contract.awaitNoneInFlight(Duration.ofSeconds(graceSeconds));
        server.stop(0);
        shutdown(handoff);
    }

    private static void shutdown(Executor handoff) {
        if (handoff instanceof ExecutorService service) {
            service.shutdownNow();
        }
    }
}
