package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server SIGKILLed mid-run: its row says it died, with the samples up to then (partial), what failed after it is
 * the client's refused connects, and the next server runs.
 */
@Tag(FaultRun.TAG)
class ServerKilledTest {
    @TempDir
    Path out;

    @Test
    void aServerKilledMidRunIsSaidToHaveDiedAndTheNextServerRuns() throws Exception {
        CompletableFuture<Long> killed = CompletableFuture.supplyAsync(this::killVirtualServerOnceItAnswers);
        int exit = LabCommand.commandLine()
                .execute(
                        "--servers=virtual,pool",
                        "--users=10",
                        "--rampup=1",
                        "--loops=30",
                        "--sleep-ms=200",
                        "--out=" + out,
                        TestServerJvm.OPTION);
        assertTrue(killed.get(1, TimeUnit.SECONDS) > 0, "the virtual server was killed");
        assertEquals(1, exit, "one server's turn did not end ok");

        JsonNode servers = new ObjectMapper()
                .readTree(LabRunEndToEndTest.onlyRunFolder(out)
                        .resolve("summary.json")
                        .toFile())
                .get("servers");
        JsonNode died = servers.get(0);
        assertTrue(died.get("outcome").asText().startsWith("server died mid-run (exit 137)"), died.toString());
        assertTrue(died.get("partial").asBoolean());
        // What it answered before, and then the client's refused connects: the client's, not the server's errors.
        assertTrue(died.at("/summary/samples").asLong() > 0);
        assertTrue(died.get("errorsByCause").fieldNames().next().startsWith("client: "), died.toString());
        assertEquals("ok", servers.get(1).get("outcome").asText());
        assertEquals(300, servers.get(1).at("/summary/samples").asLong());
    }

    /** SIGKILL to server-virtual's JVM once its request log shows an answer; its pid, or -1 after 90 s. */
    private long killVirtualServerOnceItAnswers() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        try {
            while (System.nanoTime() < deadline) {
                // The run folder's server-virtual/ only: a walk of all of out/ raced the runner's JMeter home being
                // unpacked and deleted (NoSuchFileException, a CI failure).
                try (Stream<Path> runs = Files.list(out)) {
                    boolean answered = runs.map(run -> run.resolve("server-virtual/server-requests.csv"))
                            .anyMatch(log -> lines(log) > 1);
                    if (answered) {
                        ProcessHandle server = ProcessHandle.current()
                                .descendants()
                                .filter(p -> p.info().commandLine().orElse("").contains("server-virtual.jar"))
                                .findFirst()
                                .orElseThrow();
                        server.destroyForcibly();
                        return server.pid();
                    }
                }
                Thread.sleep(100);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return -1;
    }

    /** A file's lines so far; 0 while it does not exist or cannot be read. */
    static long lines(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (Exception e) {
            return 0;
        }
    }
}
