package lab.threads.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;
import java.util.stream.IntStream;

/** A small HTTP/1.1 client for the servers under test, with JSON bodies parsed. */
public final class TestHttp {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final URI base;

    public TestHttp(int port) {
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    public record Answer(int status, JsonNode json, HttpResponse<String> raw) {}

    public Answer get(String pathAndQuery) {
        return send("GET", pathAndQuery);
    }

    public Answer send(String method, String pathAndQuery) {
        try {
            return answer(client.send(request(method, pathAndQuery), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public CompletableFuture<Answer> getAsync(String pathAndQuery) {
        return client.sendAsync(request("GET", pathAndQuery), HttpResponse.BodyHandlers.ofString())
                .thenApply(TestHttp::answer);
    }

    /** Sends {@code count} requests at once and waits for every answer. */
    public List<Answer> concurrently(int count, String pathAndQuery) {
        List<CompletableFuture<Answer>> pending =
                IntStream.range(0, count).mapToObj(i -> getAsync(pathAndQuery)).toList();
        return pending.stream().map(CompletableFuture::join).toList();
    }

    /** Polls one /stats figure until {@code done} holds or {@code withinMs} pass; returns its last value. */
    public long awaitStat(String field, LongPredicate done, long withinMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(withinMs);
        long value = get("/stats").json().get(field).asLong();
        while (!done.test(value) && System.nanoTime() < deadline) {
            try {
                TimeUnit.MILLISECONDS.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            value = get("/stats").json().get(field).asLong();
        }
        return value;
    }

    private HttpRequest request(String method, String pathAndQuery) {
        return HttpRequest.newBuilder(base.resolve(pathAndQuery))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(60))
                .build();
    }

    private static Answer answer(HttpResponse<String> response) {
        try {
            return new Answer(response.statusCode(), JSON.readTree(response.body()), response);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + response.body(), e);
        }
    }
}
