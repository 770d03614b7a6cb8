package lab.threads.runner.process;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import lab.threads.common.ServerLauncher;
import lab.threads.common.Variant;
import lab.threads.process.ParentWatch;
import lab.threads.run.RunFolder;

/** One server under test in its own JVM, started from its jar with the same JVM flags as the other two. */
public record ServerProcess(Variant variant, Process process, URI base, Path log) {
    private static final Duration HEALTH_POLL = Duration.ofMillis(200);
    /** Where every server the lab starts listens. */
    public static final String HOST = "127.0.0.1";

    /**
     * How to start one server: its jar and flags, where it listens and logs, how long it may take to answer {@code
     * /health}.
     */
    public record Spec(
            Variant variant,
            Path jar,
            List<String> jvmFlags,
            List<String> serverFlags,
            int port,
            Path log,
            Duration startTimeout,
            Launch launch) {}

    /**
     * @param launcher what goes before {@code java} ({@code taskset -c <cpus>}), or nothing
     * @param java the {@code java} to run it on: the runner's own, or another JDK's
     */
    public record Launch(List<String> launcher, String java) {

        /** The runner's own {@code java}, nothing before it. */
        public static Launch own() {
            return new Launch(List.of(), Java.executable());
        }
    }

    /** Starts the server and returns once {@code /health} answers 200; throws with the server's own words if not. */
    public static ServerProcess start(Spec spec) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(spec.launch().launcher());
        command.add(spec.launch().java());
        command.addAll(spec.jvmFlags());
        command.addAll(List.of("-jar", spec.jar().toString(), "--host=" + HOST, "--port=" + spec.port()));
        command.addAll(spec.serverFlags());
        // However this JVM ends, SIGKILL included, the server notices and stops gracefully.
        Process process = ParentWatch.stopWithThis(new ProcessBuilder(command))
                .redirectErrorStream(true)
                .redirectOutput(spec.log().toFile())
                .start();
        ServerProcess server = new ServerProcess(
                spec.variant(), process, URI.create("http://" + HOST + ":" + spec.port()), spec.log());
        server.awaitHealthy(spec.startTimeout());
        return server;
    }

    /** Says in the server's folder where it listens ({@link RunFolder#SERVER_PORT_FILE}): the port it was started on. */
    public void writePortTo(Path serverDir) throws IOException {
        String said = new ObjectMapper().writeValueAsString(new Listening(base.getPort()));
        Files.writeString(serverDir.resolve(RunFolder.SERVER_PORT_FILE), said + "\n");
    }

    /** {@link RunFolder#SERVER_PORT_FILE}'s one fact. */
    private record Listening(int port) {}

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL, at once: for a probe whose server is left holding requests nobody waits for any more. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    public void onExit(Runnable action) {
        process.onExit().thenRun(action);
    }

    public int exitCode() {
        return process.exitValue();
    }

    /** The last lines the server printed, to explain a failure. */
    public String logTail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(System.lineSeparator(), lines.subList(Math.max(0, lines.size() - 8), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /**
     * SIGTERM, so the server drains in-flight requests; SIGKILL if it does not say it is stopping within {@code
     * reaction} or outlives {@code grace}. Never hangs; returns what happened, in words.
     */
    public String stop(Duration reaction, Duration grace) throws InterruptedException {
        long started = System.nanoTime();
        process.destroy();
        if (!awaitExitOrStopping(reaction)) {
            return kill("did not react to SIGTERM within " + reaction.toSeconds() + " s (no '" + ServerLauncher.STOPPING
                    + "' in " + log.getFileName() + "; a JVM out of threads cannot start its signal handler)");
        }
        if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            return kill("was still draining " + grace.toSeconds() + " s after SIGTERM");
        }
        return String.format(
                "stopped gracefully after SIGTERM in %.1f s (exit code %d)",
                (System.nanoTime() - started) / 1e9, process.exitValue());
    }

    private boolean awaitExitOrStopping(Duration reaction) throws InterruptedException {
        long deadline = System.nanoTime() + reaction.toNanos();
        while (System.nanoTime() < deadline) {
            if (process.waitFor(HEALTH_POLL.toMillis(), TimeUnit.MILLISECONDS) || logSays(ServerLauncher.STOPPING)) {
                return true;
            }
        }
        return false;
    }

    private String kill(String why) throws InterruptedException {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        return why + ": killed (SIGKILL)";
    }

    private boolean logSays(String words) {
        try {
            return Files.readString(log).contains(words);
        } catch (IOException e) {
            return false;
        }
    }

    private void awaitHealthy(Duration timeout) throws InterruptedException {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest health = HttpRequest.newBuilder(base.resolve("/health"))
                .timeout(Duration.ofSeconds(2))
                .build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new ServerFailedException(variant.id() + " exited with code " + process.exitValue()
                        + " before it was ready. Its last words (" + log + "):" + System.lineSeparator() + logTail());
            }
            try {
                // Its own ready line first: another run's server on the same port would answer /health too.
                if (logSays(ServerLauncher.READY)) {
                    HttpResponse<String> answer = client.send(health, HttpResponse.BodyHandlers.ofString());
                    if (answer.statusCode() == 200) {
                        return;
                    }
                    if (answer.statusCode() >= 500) {
                        // Listening and failing: no wait makes it healthy. Said at once, with its own words.
                        process.destroyForcibly();
                        throw new ServerFailedException(variant.id() + " answered " + health.uri() + " with "
                                + answer.statusCode() + " (" + answer.body().strip() + "). Its last words (" + log
                                + "):" + System.lineSeparator() + logTail());
                    }
                }
            } catch (IOException notYet) {
                // Not listening yet: poll again.
            }
            Thread.sleep(HEALTH_POLL);
        }
        process.destroyForcibly();
        throw new ServerFailedException(variant.id() + " did not answer " + health.uri() + " within "
                + timeout.toSeconds() + " s. Its last words (" + log + "):" + System.lineSeparator() + logTail());
    }

    /** A server that did not start or stopped answering; the message says why, in words a user can act on. */
    public static final class ServerFailedException extends RuntimeException {
        ServerFailedException(String message) {
            super(message);
        }
    }
}
