package lab.threads.runner.stats;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

/**
 * Polls the server's {@code /stats} about once a second, each answer stamped with {@code sampledAtMs} as a line of
 * {@code server-stats.jsonl}; a failed poll is skipped, the gap being information. On close saves the server's own
 * per-second series as {@code server-seconds.json}.
 */
public final class StatsSampler implements AutoCloseable {
    static final Duration PERIOD = Duration.ofSeconds(1);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final HttpRequest request;
    private final HttpRequest secondsRequest;
    private final Path secondsFile;
    private final BufferedWriter out;
    private final Thread poller;
    private volatile boolean running = true;

    public StatsSampler(URI base, Path file, Path secondsFile) throws IOException {
        this.request = HttpRequest.newBuilder(base.resolve("/stats"))
                .timeout(Duration.ofSeconds(2))
                .build();
        // The whole series at once, after the load: the server may be slow to answer it right then.
        this.secondsRequest = HttpRequest.newBuilder(base.resolve("/stats/seconds"))
                .timeout(Duration.ofSeconds(30))
                .build();
        this.secondsFile = secondsFile;
        this.out = Files.newBufferedWriter(file);
        this.poller = Thread.ofVirtual().name("stats-sampler").start(this::pollUntilClosed);
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

    /** Without the file the report says the series is unknown: a server too old to keep one, or gone. */
    private void saveSeconds() {
        try {
            HttpResponse<Path> response = client.send(secondsRequest, HttpResponse.BodyHandlers.ofFile(secondsFile));
            if (response.statusCode() != 200) {
                Files.deleteIfExists(secondsFile);
            }
        } catch (IOException notSaved) {
            // The report notes the missing file.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Takes one last sample (the server's state after the load) and saves the per-second series, then stops. */
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
        saveSeconds();
        synchronized (out) {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
