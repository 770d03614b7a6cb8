package lab.threads.runner;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A guest of the tests' own, none of the lab's servers: a JDK HttpServer whose {@code /api/orders} answers 200
 * {@code order <id>} after its delay (20 ms unless told) on a virtual thread, and nothing else (any other path: 404).
 * Run in the test's JVM, or as a program of its own ({@link #main}: port, then how many answers before it exits with
 * status 3, 0 for never, then optionally its delay in ms).
 */
final class TestGuest implements AutoCloseable {
    /** The exit status of a guest that ends after its answers, as a service that dies mid-run. */
    static final int DIED = 3;

    private final HttpServer server;
    private final AtomicInteger answered = new AtomicInteger();
    private final int answersBeforeDeath;
    private final long delayMs;

    TestGuest(int port, int answersBeforeDeath, long delayMs) throws IOException {
        this.answersBeforeDeath = answersBeforeDeath;
        this.delayMs = delayMs;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 100);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/api/orders", this::answer);
        server.start();
    }

    /** A guest of this test's JVM on a free port, that never dies. */
    TestGuest() throws IOException {
        this(0, 0, DELAY_MS);
    }

    /** The delay of a guest not told one. */
    static final long DELAY_MS = 20;

    public static void main(String[] args) throws IOException {
        new TestGuest(
                Integer.parseInt(args[0]),
                Integer.parseInt(args[1]),
                args.length > 2 ? Long.parseLong(args[2]) : DELAY_MS);
    }

    int port() {
        return server.getAddress().getPort();
    }

    String url(String pathAndQuery) {
        return "http://127.0.0.1:" + port() + pathAndQuery;
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestURI().getPath().equals("/api/orders")) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            Thread.sleep(delayMs);
            String query = exchange.getRequestURI().getRawQuery();
            byte[] body = ("order " + (query == null ? "none" : query)).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (answersBeforeDeath > 0 && answered.incrementAndGet() >= answersBeforeDeath) {
            Runtime.getRuntime().halt(DIED);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
