package lab.threads.runner.process;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import lab.threads.common.Variant;
import lab.threads.model.wait.WaitKind;
import lab.threads.report.JfrEvidence;
import lab.threads.report.Reports;
import lab.threads.run.PinningProbe;
import lab.threads.run.RunFolder;

/**
 * One probe of {@code ./lab pinning}: a fresh server JVM recorded by JFR from its start; one warm-up request, then
 * {@code requests} concurrent {@code /sleep?ms&how} sent at once by the runner's asynchronous {@link HttpClient},
 * waited for until the deadline while {@code /proc} gives the server's threads every 50 ms; then its {@code /stats},
 * its recording dumped with {@code jcmd}, and SIGKILL, as pinned requests would take minutes to drain.
 */
public final class PinningProbeRun {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final long THREADS_EVERY_MS = 50;

    private PinningProbeRun() {}

    /** What the probe's client saw. */
    private record Answers(int completed, int failed, long elapsedMs, int peakOsThreads, String firstFailure) {}

    public static PinningProbe run(
            ServerJdk jdk,
            Variant variant,
            WaitKind kind,
            Path home,
            Path dir,
            int requests,
            long waitMs,
            long deadlineMs,
            List<String> backendFlags)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path recording = dir.resolve("server.jfr");
        List<String> jvmFlags = new ArrayList<>(jdk.jvmFlags());
        jvmFlags.add("-XX:StartFlightRecording:name=pinning,settings=default");
        List<String> serverFlags = new ArrayList<>(backendFlags);
        int port = freePort();
        ServerProcess server = ServerProcess.start(new ServerProcess.Spec(
                variant,
                jdk.serverJar(home, variant),
                jvmFlags,
                serverFlags,
                port,
                dir.resolve(RunFolder.SERVER_LOG_FILE),
                START_TIMEOUT,
                new ServerProcess.Launch(List.of(), jdk.java())));
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        try {
            JsonNode warmUp = get(client, server.base().resolve("/sleep?ms=0"), Duration.ofSeconds(10));
            JsonNode before = get(client, server.base().resolve("/stats"), Duration.ofSeconds(10));
            Answers answers = probe(client, server, kind, requests, waitMs, deadlineMs);
            Double p99 = serverP99(client, server, before);
            JfrEvidence evidence = dump(jdk, server, recording);
            Runtime.Version version = Runtime.Version.parse(before.path("jdk").asText());
            return new PinningProbe(
                    variant.id(),
                    warmUp.path("virtualThread").asBoolean(),
                    version.toString(),
                    version.feature(),
                    kind.id(),
                    requests,
                    waitMs,
                    answers.completed(),
                    answers.failed(),
                    answers.elapsedMs(),
                    before.path("availableProcessors").asInt(),
                    evidence == null ? -1 : evidence.carriers(),
                    answers.peakOsThreads(),
                    p99,
                    evidence == null ? 0 : evidence.pinnedEvents(),
                    evidence == null ? "(no recording)" : evidence.pinnedTop(),
                    evidence == null ? 0 : evidence.nativeSamples(),
                    evidence == null ? "" : evidence.nativeTop(),
                    answers.firstFailure());
        } finally {
            client.shutdownNow();
            server.kill();
        }
    }

    private static Answers probe(
            HttpClient client, ServerProcess server, WaitKind kind, int requests, long waitMs, long deadlineMs)
            throws InterruptedException {
        URI uri = server.base().resolve("/sleep?ms=" + waitMs + "&how=" + kind.id());
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofMillis(deadlineMs))
                .build();
        AtomicInteger completed = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> firstFailure = new AtomicReference<>();
        AtomicLong lastAnswer = new AtomicLong();
        AtomicInteger peakThreads = new AtomicInteger();
        Thread sampler = Thread.ofPlatform().daemon().start(() -> sampleThreads(server.pid(), peakThreads));
        long started = System.nanoTime();
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            all.add(client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                    .whenComplete((response, error) -> {
                        if (System.nanoTime() - started > TimeUnit.MILLISECONDS.toNanos(deadlineMs)) {
                            return; // past the deadline: not counted either way
                        }
                        if (error == null && response.statusCode() == 200) {
                            completed.incrementAndGet();
                        } else {
                            failed.incrementAndGet();
                            firstFailure.compareAndSet(null, failure(response, error));
                        }
                        lastAnswer.accumulateAndGet(System.nanoTime() - started, Math::max);
                    }));
        }
        boolean allAnswered;
        try {
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(deadlineMs, TimeUnit.MILLISECONDS);
            allAnswered = true;
        } catch (TimeoutException | ExecutionException cut) {
            allAnswered = completed.get() + failed.get() == requests;
        }
        sampler.interrupt();
        sampler.join();
        long elapsedMs = allAnswered ? TimeUnit.NANOSECONDS.toMillis(lastAnswer.get()) : deadlineMs;
        return new Answers(completed.get(), failed.get(), elapsedMs, peakThreads.get(), firstFailure.get());
    }

    /** A failed request in words: its status, or the client's exception with its message (unwrapped). */
    private static String failure(HttpResponse<?> response, Throwable error) {
        if (error == null) {
            return "HTTP " + response.statusCode();
        }
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }

    private static void sampleThreads(long pid, AtomicInteger peak) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Files.readAllLines(status).stream()
                        .filter(line -> line.startsWith("Threads:"))
                        .findFirst()
                        .ifPresent(line -> peak.accumulateAndGet(
                                Integer.parseInt(
                                        line.substring("Threads:".length()).strip()),
                                Math::max));
                Thread.sleep(THREADS_EVERY_MS);
            } catch (IOException gone) {
                return;
            } catch (InterruptedException stop) {
                return;
            }
        }
    }

    /** The server's own p99 of the answered requests since {@code before}; null when it does not answer /stats. */
    private static Double serverP99(HttpClient client, ServerProcess server, JsonNode before) {
        try {
            return Reports.timedBetween(before, get(client, server.base().resolve("/stats"), Duration.ofSeconds(3)))
                    .filter(probed -> probed.count() > 0)
                    .map(Reports.Timed::p99Ms)
                    .orElse(null);
        } catch (IOException | InterruptedException notAnswered) {
            return null;
        }
    }

    /** The server's recording so far, through its JDK's jcmd; null when it could not be had. */
    private static JfrEvidence dump(ServerJdk jdk, ServerProcess server, Path recording) throws InterruptedException {
        try {
            Process jcmd = new ProcessBuilder(
                            jdk.jcmd(),
                            Long.toString(server.pid()),
                            "JFR.dump",
                            "name=pinning",
                            "filename=" + recording.toAbsolutePath())
                    .redirectErrorStream(true)
                    .redirectOutput(
                            recording.resolveSibling(RunFolder.JCMD_LOG_FILE).toFile())
                    .start();
            if (!jcmd.waitFor(60, TimeUnit.SECONDS)) {
                jcmd.destroyForcibly();
                return null;
            }
            return Files.isRegularFile(recording) ? JfrEvidence.read(recording) : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static JsonNode get(HttpClient client, URI uri, Duration timeout) throws IOException, InterruptedException {
        HttpResponse<String> response =
                client.send(HttpRequest.newBuilder(uri).timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(uri + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
