package lab.threads.runner.outside;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import lab.threads.run.LedgerSecond;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sampler against real sockets and a real process, local only, every socket and process cleaned up. */
class OutsideSamplerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Bounds every wait; the sampler writes a line a second, so a pass takes a few seconds. */
    private static final Duration PATIENCE = Duration.ofSeconds(15);

    @TempDir
    Path dir;

    @Test
    void aFullAcceptQueueShowsInTheQueueAndInListenOverflows() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/net/netstat")), "no /proc/net/netstat here");
        Path kernel = dir.resolve(RunFolder.KERNEL_FILE);
        List<SocketChannel> connects = new ArrayList<>();
        // Backlog 4 and never accepted: the kernel queues a handful, then drops the SYNs of the rest.
        try (ServerSocket listener = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
                OutsideSampler sampler = OutsideSampler.start(
                        dir, listener.getLocalPort(), OptionalLong.empty(), List::of, LabProcesses.NONE)) {
            JsonNode before = awaitLine(kernel, line -> true);
            for (int i = 0; i < 50; i++) {
                SocketChannel connect = SocketChannel.open();
                connects.add(connect);
                connect.configureBlocking(false);
                connect.connect(new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort()));
            }
            JsonNode after = awaitLine(
                    kernel,
                    line -> line.path("acceptQueue").asLong() > 0
                            && line.path("listenOverflows").asLong()
                                    > before.path("listenOverflows").asLong());

            assertEquals(KernelProbe.RUNNERS_NAMESPACE, after.path("namespace").asText());
            assertEquals(listener.getLocalPort(), after.path("port").asInt());
            // The same queue, read ten times as often for the area under it (Little's law).
            Path queue = dir.resolve(RunFolder.ACCEPT_QUEUE_FILE);
            awaitLine(
                    queue,
                    line -> line.path("acceptQueue").asLong()
                            == after.path("acceptQueue").asLong());
            assertTrue(
                    lines(queue).size() >= 5 * lines(kernel).size(),
                    "10 a second against 1: " + lines(queue).size() + " vs "
                            + lines(kernel).size());
        } finally {
            for (SocketChannel connect : connects) {
                connect.close();
            }
        }
    }

    @Test
    void aStoppedProcessKeepsBeingSampled() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        Path clientProc = dir.resolve(RunFolder.CLIENT_PROC_FILE);
        try (OutsideSampler sampler = OutsideSampler.start(
                dir, 9, OptionalLong.of(sleeper.pid()), () -> List.of(sleeper.toHandle()), LabProcesses.NONE)) {
            awaitLine(clientProc, line -> line.path("state").asText().equals("S"));
            signal("STOP", sleeper);
            // Two lines of the stopped process: the sampler went on while it could not run at all.
            awaitLines(
                    clientProc,
                    lines -> lines.stream()
                                    .filter(line -> line.path("state").asText().equals("T"))
                                    .count()
                            >= 2);
            signal("CONT", sleeper);
            JsonNode resumed =
                    awaitLine(clientProc, line -> line.path("state").asText().equals("S"));
            assertEquals(sleeper.pid(), resumed.path("pid").asLong());
        } finally {
            sleeper.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        List<JsonNode> server = lines(dir.resolve(RunFolder.SERVER_PROC_FILE));
        List<JsonNode> stopped = server.stream()
                .filter(line -> line.path("state").asText().equals("T"))
                .toList();
        assertFalse(stopped.isEmpty(), "the same process as the server: sampled while stopped too");
        assertTrue(
                stopped.stream()
                        .allMatch(line -> line.path("osThreads").asLong() == 1
                                && line.path("rssBytes").asLong() > 0),
                stopped::toString);
        assertEquals(
                KernelProbe.SERVERS_NAMESPACE,
                lines(dir.resolve(RunFolder.KERNEL_FILE))
                        .getFirst()
                        .path("namespace")
                        .asText());
    }

    @Test
    void theLedgerCountsTheClientsChildrenAsTheClient() throws Exception {
        // The client's fork runs the busy loop in a child of its own: the ledger finds it below the fork.
        Process client = new ProcessBuilder("timeout", "4", "sh", "-c", "while :; do :; done").start();
        Path ledger = dir.resolve(RunFolder.LEDGER_FILE);
        try (OutsideSampler sampler = OutsideSampler.start(
                dir, 9, OptionalLong.empty(), () -> List.of(client.toHandle()), LabProcesses.NONE)) {
            JsonNode busy = awaitLine(ledger, line -> line.path("clientMs").asLong() > 0);
            LedgerSecond line = JSON.treeToValue(busy, LedgerSecond.class);
            assertTrue(line.cores() >= 1 && line.busyMs() >= line.clientMs(), line::toString);
            assertEquals(0, line.serverMs(), "no server was given");
        } finally {
            client.descendants().forEach(ProcessHandle::destroyForcibly);
            client.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void signal(String signal, Process process) throws IOException, InterruptedException {
        assertEquals(
                0,
                new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                        .start()
                        .waitFor());
    }

    private static JsonNode awaitLine(Path jsonl, Predicate<JsonNode> wanted) throws IOException, InterruptedException {
        return awaitLines(jsonl, lines -> lines.stream().anyMatch(wanted)).stream()
                .filter(wanted)
                .findFirst()
                .orElseThrow();
    }

    private static List<JsonNode> awaitLines(Path jsonl, Predicate<List<JsonNode>> wanted)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        List<JsonNode> lines = lines(jsonl);
        while (!wanted.test(lines)) {
            assertTrue(System.nanoTime() < deadline, () -> jsonl.getFileName() + " never showed it: " + lines(jsonl));
            Thread.sleep(200);
            lines = lines(jsonl);
        }
        return lines;
    }

    private static List<JsonNode> lines(Path jsonl) {
        try {
            List<JsonNode> lines = new ArrayList<>();
            for (String line : Files.readAllLines(jsonl)) {
                lines.add(JSON.readTree(line));
            }
            return lines;
        } catch (IOException e) {
            return List.of();
        }
    }
}
