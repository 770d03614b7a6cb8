package lab.threads.runner.jmeter;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The lab's server contract in miniature: {@code GET /sleep?ms=N} answers 200 JSON after N ms, on 127.0.0.1. */
final class SleepServer implements AutoCloseable {

    /** One request as the server saw it. */
    record Request(String query, InetSocketAddress client, long receivedAtMillis) {

        int clientPort() {
            return client.getPort();
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final ConcurrentLinkedQueue<Request> requests = new ConcurrentLinkedQueue<>();

    SleepServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
        server.setExecutor(executor);
        server.createContext("/sleep", this::sleep);
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    private void sleep(HttpExchange exchange) throws IOException {
        requests.add(new Request(
                exchange.getRequestURI().getQuery(), exchange.getRemoteAddress(), System.currentTimeMillis()));
        String query = exchange.getRequestURI().getQuery();
        // The plans also send rid=<n>, which the lab's servers ignore: so does this one.
        long ms = query == null
                ? 0
                : java.util.Arrays.stream(query.split("&"))
                        .filter(pair -> pair.startsWith("ms="))
                        .mapToLong(pair -> Long.parseLong(pair.substring(3)))
                        .findFirst()
                        .orElse(0);
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        byte[] body = ("{\"slept_ms\":" + ms + "}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.close();
    }
}
