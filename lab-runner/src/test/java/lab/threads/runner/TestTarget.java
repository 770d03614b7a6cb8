package lab.threads.runner;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A --target on a free port of 127.0.0.1: every /sleep answered after 50 ms with a small JSON body, after
 * {@code smallAnswers} answers with a body that never ends (one a client cannot keep in memory).
 */
final class TestTarget implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicInteger answered = new AtomicInteger();
    private final int smallAnswers;

    TestTarget(int smallAnswers) throws IOException {
        this.smallAnswers = smallAnswers;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.setExecutor(executor);
        server.createContext("/sleep", this::answer);
        // Enough of the contract for the runner's checks: up, and no figures of its own.
        for (String path : new String[] {"/health", "/stats"}) {
            server.createContext(path, exchange -> {
                byte[] empty = "{}".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, empty.length);
                try (OutputStream body = exchange.getResponseBody()) {
                    body.write(empty);
                }
            });
        }
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        try (OutputStream body = exchange.getResponseBody()) {
            if (answered.incrementAndGet() <= smallAnswers) {
                byte[] small = "{\"slept_ms\":50}".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, small.length);
                body.write(small);
                return;
            }
            exchange.sendResponseHeaders(200, 0); // chunked: no length, so JMeter keeps reading
            byte[] chunk = new byte[1 << 20];
            // Bounded: 8 GB at most, far beyond the fork's heap; ends when the client goes.
            for (int i = 0; i < 8192; i++) {
                body.write(chunk);
            }
        } catch (IOException clientGone) {
            // the fork stopped reading: what this test provokes
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.close();
    }
}
