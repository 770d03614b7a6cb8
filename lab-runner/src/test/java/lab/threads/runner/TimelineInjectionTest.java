package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import lab.threads.report.math.RequestPart;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A known delay injected into exactly one part of each request, for real, and found there by the per-request
 * timeline (the client's part is {@link ClientStallTest}'s). Tolerance: the injected part of the slowest 1% holds at
 * least half of the delay, and it is the part the report names.
 */
@Tag(CpuTimed.TAG) // run alone: the injected delay must be found in its part, and the client not named instead
class TimelineInjectionTest {
    @TempDir
    Path out;

    /** Ten 500 ms requests at once on a fixed pool of two threads: five waves, so the last waited 2 s for a thread. */
    @Test
    void aFixedPoolOfTwoThreadsPutsTheDelayInTheWaitForAThread() throws Exception {
        int exit = LabCommand.commandLine()
                .execute(
                        "--servers=fixed-pool",
                        "--plan=smoke",
                        "--users=10",
                        "--rampup=0",
                        "--loops=1",
                        "--sleep-ms=500",
                        "--server-args=--pool-threads=2",
                        "--out=" + out,
                        "--server-jvm-args=-Xmx256m");
        assertEquals(0, exit);

        JsonNode server = onlyServer();
        assertEquals(RequestPart.THREAD_WAIT, bottleneck(server), server.get("timeline")::toString);
        assertTrue(
                slowest(server, RequestPart.THREAD_WAIT) >= 1_000,
                "the last wave waited about 2 s: " + server.get("timeline"));
    }

    /**
     * The server frozen (SIGSTOP) for 2 s while new users keep connecting: the kernel completes their handshakes and
     * queues them; once it runs again, the server accepts and reads them. Zero-ms sleeps, so nothing else is slow.
     */
    @Test
    void aFrozenServerPutsTheDelayInTheKernelAcceptQueueAndTheKernelAgrees() throws Exception {
        Thread freezer = Thread.ofPlatform().daemon().name("freeze-server").start(this::freezeServerOnceLoaded);
        int exit = LabCommand.commandLine()
                .execute(
                        "--servers=virtual",
                        "--plan=smoke",
                        "--users=300",
                        "--rampup=6",
                        "--loops=1",
                        "--sleep-ms=0",
                        "--out=" + out,
                        "--server-jvm-args=-Xmx256m");
        freezer.join(Duration.ofSeconds(5));
        assertEquals(0, exit);

        JsonNode server = onlyServer();
        assertEquals(RequestPart.KERNEL_QUEUE, bottleneck(server), server.get("timeline")::toString);
        assertTrue(slowest(server, RequestPart.KERNEL_QUEUE) >= 1_000, "2 s frozen: " + server.get("timeline"));
        // Little's law: the queue the kernel held while the server was frozen is the one the timeline measured.
        JsonNode check = server.at("/timeline/kernelCheck");
        assertTrue(check.get("agree").asBoolean(), check::toString);
        assertTrue(check.get("kernelSeconds").asDouble() >= 10, "connections queued for seconds: " + check);
    }

    /** The part the report named for a server of summary.json; null for "the sleep". */
    static RequestPart bottleneck(JsonNode server) {
        JsonNode timeline = server.get("timeline");
        assertTrue(timeline.get("joined").asLong() > 0, "requests were joined: " + timeline);
        String verdict = timeline.get("verdict").asText();
        for (RequestPart part : RequestPart.values()) {
            if (verdict.startsWith(part.label() + " (")) {
                return part;
            }
        }
        return null;
    }

    private static double slowest(JsonNode server, RequestPart part) {
        return server.at("/timeline/slowest/partsMs").get(part.ordinal()).asDouble();
    }

    private JsonNode onlyServer() throws IOException {
        return new ObjectMapper()
                .readTree(LabRunEndToEndTest.onlyRunFolder(out)
                        .resolve("summary.json")
                        .toFile())
                .get("servers")
                .get(0);
    }

    /** Once 50 requests were answered: SIGSTOP the server, 2 s, SIGCONT. Bounded: gives up after 60 s. */
    private void freezeServerOnceLoaded() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try {
            while (System.nanoTime() < deadline) {
                Optional<ProcessHandle> server = ProcessHandle.current()
                        .descendants()
                        .filter(p -> commandLine(p).contains("server-virtual.jar"))
                        .findFirst();
                if (server.isPresent() && serverRequestsLogged() >= 50) {
                    signal("STOP", server.get());
                    Thread.sleep(2_000);
                    signal("CONT", server.get());
                    return;
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private long serverRequestsLogged() throws IOException {
        try (var files = Files.walk(out)) {
            return files.filter(f -> f.getFileName().toString().equals("server-requests.csv"))
                    .findFirst()
                    .map(file -> {
                        try {
                            return (long) Files.readAllLines(file).size() - 1;
                        } catch (IOException notYet) {
                            return 0L;
                        }
                    })
                    .orElse(0L);
        } catch (java.io.UncheckedIOException notYet) {
            return 0;
        }
    }

    private static String commandLine(ProcessHandle process) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline")));
        } catch (IOException gone) {
            return "";
        }
    }

    private static void signal(String name, ProcessHandle process) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
                .inheritIO()
                .start()
                .waitFor();
    }
}
