package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JMeter fork out of heap mid-run: named as the client's failure, the row partial with the samples up to then,
 * and the next server still runs. The heap is filled the way a real plan can: a response too big to keep (JMeter
 * keeps every body in memory), from a server that turns fat after a few answers.
 */
class ClientOutOfHeapTest {
    private static final int SMALL_ANSWERS = 20;

    @TempDir
    Path out;

    @Test
    void theClientsOutOfHeapIsNamedItsRowIsPartialAndTheNextServerRuns() throws Exception {
        try (Target fat = new Target(SMALL_ANSWERS);
                Target normal = new Target(Integer.MAX_VALUE)) {
            int exit = LabCommand.commandLine()
                    .execute(
                            "--servers=virtual,pool",
                            "--target=virtual=http://127.0.0.1:" + fat.port() + ",pool=http://127.0.0.1:"
                                    + normal.port(),
                            "--users=4",
                            "--rampup=1",
                            "--loops=20",
                            "--sleep-ms=50",
                            "--out=" + out);
            assertEquals(1, exit, "one server's turn did not end ok");
        }
        Path run = LabRunEndToEndTest.onlyRunFolder(out);
        JsonNode servers = new ObjectMapper()
                .readTree(run.resolve("summary.json").toFile())
                .get("servers");
        assertEquals(2, servers.size(), "the next server ran");

        JsonNode client = servers.get(0);
        String outcome = client.get("outcome").asText();
        assertTrue(
                outcome.startsWith(
                        "JMeter ended with exit code 143: the client (JMeter) ran out of heap (OutOfMemoryError)"),
                outcome);
        assertTrue(client.get("partial").asBoolean());
        long samples = client.at("/summary/samples").asLong();
        assertTrue(samples >= SMALL_ANSWERS - 4 && samples < 80, "the samples before the heap ran out: " + samples);

        JsonNode next = servers.get(1);
        assertEquals("ok", next.get("outcome").asText());
        assertEquals(80, next.at("/summary/samples").asLong());
        assertTrue(Files.readString(run.resolve("index.html")).contains("id=\"partial\""));
    }

    /** /sleep?ms=N answered after N ms; after {@code smallAnswers} answers, with a body that never ends. */
    private static final class Target implements AutoCloseable {
        private final HttpServer server;
        private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        private final AtomicInteger answered = new AtomicInteger();
        private final int smallAnswers;

        Target(int smallAnswers) throws IOException {
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
}
