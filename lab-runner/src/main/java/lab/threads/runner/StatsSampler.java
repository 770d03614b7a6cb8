package lab.threads.runner;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Polls the server's {@code /stats} about once a second during a run and appends each answer, stamped with
 * {@code sampledAtMs}, as one line of {@code server-stats.jsonl}. A poll that fails (server saturated or gone) is
 * skipped, never retried in a loop: the gap itself is information.
 */
final class StatsSampler implements AutoCloseable {
    static final Duration PERIOD = Duration.ofSeconds(1);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final HttpRequest request;
    private final BufferedWriter out;
    private final Thread poller;
    private volatile boolean running = true;

    private StatsSampler(URI base, Path file) throws IOException {
        this.request = HttpRequest.newBuilder(base.resolve("/stats")).timeout(Duration.ofSeconds(2)).build();
        this.out = Files.newBufferedWriter(file);
        this.poller = Thread.ofVirtual().name("stats-sampler").start(this::pollUntilClosed);
    }

    static StatsSampler start(URI base, Path file) throws IOException {
        return new StatsSampler(base, file);
    }

    private void pollUntilClosed() {
        while (running) {
            sampleOnce();
            try {
                Thread.sleep(PERIOD);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sampleOnce() {
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200) {
                ObjectNode stats = (ObjectNode) JSON.readTree(response.body());
                stats.put("sampledAtMs", System.currentTimeMillis());
                synchronized (out) {
                    out.write(JSON.writeValueAsString(stats));
                    out.newLine();
                    out.flush();
                }
            }
        } catch (IOException skipped) {
            // No answer this second; the next poll tries again.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Takes one last sample (the server's state after the load), then stops. */
    @Override
    public void close() {
        running = false;
        poller.interrupt();
        try {
            poller.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sampleOnce();
        synchronized (out) {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
