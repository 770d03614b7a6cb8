package lab.threads.report.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One headless Chromium for all of a test class's pages, driven over the DevTools protocol: each page opens in a
 * browser context of its own (no cache or storage shared with the page before), in a viewport of the given size, and
 * once its load event has fired (its load handlers have run) gives its DOM and a screenshot, as {@code --dump-dom
 * --screenshot --window-size} do, without a browser start per page (each start costs seconds of CPU).
 */
final class HeadlessChromium implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final WebSocket socket;
    private final long timeoutSeconds;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> replies = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<JsonNode>> awaited = new ConcurrentHashMap<>();

    private HeadlessChromium(Process process, WebSocket.Builder connect, URI url, long timeoutSeconds)
            throws IOException, InterruptedException {
        this.process = process;
        this.timeoutSeconds = timeoutSeconds;
        this.socket = await(connect.buildAsync(url, new Listener()), "connecting to " + url);
    }

    /**
     * Starts the browser with {@code flags}, its profile in {@code profile} and its stderr in {@code log}; waits (on
     * the port file Chromium writes, at most {@code timeoutSeconds}) for its DevTools endpoint.
     */
    static HeadlessChromium start(Path binary, List<String> flags, Path profile, Path log, long timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary.toString()));
        command.addAll(flags);
        command.addAll(List.of("--user-data-dir=" + profile, "--remote-debugging-port=0", "about:blank"));
        Process process = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile())
                .start();
        try {
            Path portFile = profile.resolve("DevToolsActivePort");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
            List<String> lines = List.of();
            while (lines.size() < 2) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("Chromium gave no DevTools endpoint within " + timeoutSeconds + " s ("
                            + (process.isAlive() ? "running" : "exited " + process.exitValue()) + "): " + command
                            + ", see " + log);
                }
                Thread.sleep(50);
                lines = Files.exists(portFile) ? Files.readAllLines(portFile) : List.of();
            }
            URI url = URI.create(
                    "ws://127.0.0.1:" + lines.get(0).strip() + lines.get(1).strip());
            return new HeadlessChromium(process, HttpClient.newHttpClient().newWebSocketBuilder(), url, timeoutSeconds);
        } catch (IOException | InterruptedException | RuntimeException | AssertionError e) {
            destroy(process);
            throw e;
        }
    }

    /**
     * Opens {@code url} in a {@code width} x {@code height} viewport and, once loaded, writes its screenshot (PNG) to
     * {@code screenshot} unless null.
     *
     * @return the page's DOM, {@code document.documentElement.outerHTML}
     */
    String open(String url, int width, int height, Path screenshot) throws IOException, InterruptedException {
        String context = call("Target.createBrowserContext", JSON.createObjectNode(), null)
                .get("browserContextId")
                .asText();
        try {
            ObjectNode target =
                    JSON.createObjectNode().put("url", "about:blank").put("browserContextId", context);
            String targetId =
                    call("Target.createTarget", target, null).get("targetId").asText();
            String session = call(
                            "Target.attachToTarget",
                            JSON.createObjectNode().put("targetId", targetId).put("flatten", true),
                            null)
                    .get("sessionId")
                    .asText();
            call(
                    "Emulation.setDeviceMetricsOverride",
                    JSON.createObjectNode()
                            .put("width", width)
                            .put("height", height)
                            .put("deviceScaleFactor", 1)
                            .put("mobile", false),
                    session);
            call("Page.enable", JSON.createObjectNode(), session);
            CompletableFuture<JsonNode> loaded = new CompletableFuture<>();
            awaited.put(session + " Page.loadEventFired", loaded);
            JsonNode navigated = call("Page.navigate", JSON.createObjectNode().put("url", url), session);
            if (navigated.hasNonNull("errorText")) {
                throw new AssertionError("Chromium could not open " + url + ": " + navigated);
            }
            await(loaded, "the load event of " + url);
            String dom = call(
                            "Runtime.evaluate",
                            JSON.createObjectNode()
                                    .put("expression", "document.documentElement.outerHTML")
                                    .put("returnByValue", true),
                            session)
                    .at("/result/value")
                    .asText();
            if (screenshot != null) {
                String png = call(
                                "Page.captureScreenshot",
                                JSON.createObjectNode().put("format", "png"),
                                session)
                        .get("data")
                        .asText();
                Files.write(screenshot, Base64.getDecoder().decode(png));
            }
            return dom;
        } finally {
            call("Target.disposeBrowserContext", JSON.createObjectNode().put("browserContextId", context), null);
        }
    }

    @Override
    public void close() {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException | InterruptedException ignored) {
            // the browser is stopped below either way
        }
        destroy(process);
    }

    private static void destroy(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private JsonNode call(String method, ObjectNode params, String session) throws IOException, InterruptedException {
        int id = ids.incrementAndGet();
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", params);
        if (session != null) {
            message.put("sessionId", session);
        }
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        replies.put(id, reply);
        await(socket.sendText(JSON.writeValueAsString(message), true), "sending " + method);
        JsonNode answer = await(reply, method);
        if (answer.has("error")) {
            throw new AssertionError("Chromium refused " + method + " " + params + ": " + answer.get("error"));
        }
        return answer.path("result");
    }

    private <T> T await(CompletableFuture<T> future, String what) throws IOException, InterruptedException {
        try {
            return future.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("Chromium: " + what + " took over " + timeoutSeconds + " s", e);
        } catch (ExecutionException e) {
            throw new IOException("Chromium: " + what, e.getCause());
        }
    }

    /** Collects each message's fragments; a reply completes its call, an awaited event its waiter. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                String whole = text.toString();
                text.setLength(0);
                try {
                    JsonNode message = JSON.readTree(whole);
                    if (message.has("id")) {
                        CompletableFuture<JsonNode> reply =
                                replies.remove(message.get("id").asInt());
                        if (reply != null) {
                            reply.complete(message);
                        }
                    } else if (message.has("method")) {
                        CompletableFuture<JsonNode> waiter = awaited.remove(message.path("sessionId")
                                        .asText() + " " + message.get("method").asText());
                        if (waiter != null) {
                            waiter.complete(message);
                        }
                    }
                } catch (IOException e) {
                    replies.values().forEach(reply -> reply.completeExceptionally(e));
                }
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            replies.values().forEach(reply -> reply.completeExceptionally(error));
            awaited.values().forEach(waiter -> waiter.completeExceptionally(error));
        }
    }
}
