package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL SIGKILLed in the middle of a {@code how=db} run: the server keeps answering, the failed requests are
 * counted by cause, the database comes back and the pool with it, the run completes, and nothing the run started is
 * left running.
 */
@Tag(FaultRun.TAG)
class DatabaseKilledTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path out;

    @Test
    void aDatabaseKilledMidRunComesBackAndTheRunCompletes() throws Exception {
        CompletableFuture<Long> killed = CompletableFuture.supplyAsync(this::killThePostmasterOnceAQueryAnswered);
        int exit = LabCommand.commandLine()
                .execute(
                        "--how=db",
                        "--servers=virtual",
                        "--users=20",
                        "--rampup=0",
                        "--loops=40",
                        "--sleep-ms=100",
                        "--out=" + out,
                        TestServerJvm.OPTION);
        long postmaster = killed.get(1, TimeUnit.SECONDS);
        assertTrue(postmaster > 0, "the postmaster was killed");
        assertEquals(0, exit, "the server's turn ran to its end");

        Path run = LabRunEndToEndTest.onlyRunFolder(out);
        List<String> database = Files.readAllLines(run.resolve("database.log"));
        assertTrue(database.stream().anyMatch(line -> line.startsWith("database died")), database::toString);
        long restartedAt = database.stream()
                .filter(line -> line.startsWith("database restarted"))
                .mapToLong(line -> Long.parseLong(line.replaceFirst(".* at (\\d+)$", "$1")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the database did not come back: " + database));

        // The server's own count of the answers it gave for the database's death, by cause.
        List<String> stats = Files.readAllLines(run.resolve("server-virtual/server-stats.jsonl"));
        JsonNode causes = JSON.readTree(stats.getLast()).get("errorsByCause");
        assertTrue(
                causes.path("db_unavailable").asLong()
                                + causes.path("db_pool_timeout").asLong()
                        > 0,
                stats.getLast());
        // It answered /stats (as /health) while the database was down: a sample each second, no gap of 3.
        assertTrue(stats.size() >= 5, "/stats sampled through the run: " + stats.size());

        // The pool recovered: requests answered 200 after the restart.
        long okAfter;
        try (Stream<String> samples = Files.lines(run.resolve("server-virtual/samples.jtl"))) {
            okAfter = samples.skip(1)
                    .map(line -> line.split(","))
                    .filter(fields -> Long.parseLong(fields[0]) > restartedAt && "200".equals(fields[3]))
                    .count();
        }
        assertTrue(okAfter > 0, "no request answered after the database came back at " + restartedAt);

        // Nothing the run started is left: no database JVM, no postmaster on its port.
        String port = database.stream()
                .filter(line -> line.startsWith("database ready"))
                .findFirst()
                .orElseThrow()
                .replaceFirst(".*:(\\d+)/.*", "$1");
        Thread.sleep(2_000);
        List<String> left = ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .map(process -> process.info().commandLine().orElse(""))
                .filter(command -> command.contains("lab-database.jar")
                        || (command.contains("postgres") && command.contains("-p " + port)))
                .toList();
        assertEquals(List.of(), left, "processes the run started are still running");
    }

    /** SIGKILL to the postmaster once the server logged an answer; its pid, or -1 after 120 s. */
    private long killThePostmasterOnceAQueryAnswered() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        try {
            while (System.nanoTime() < deadline) {
                try (Stream<Path> runs = Files.list(out)) {
                    for (Path run : runs.filter(Files::isDirectory).toList()) {
                        if (ServerKilledTest.lines(run.resolve("server-virtual/server-requests.csv")) > 20) {
                            long pid = Files.readAllLines(run.resolve("database.log")).stream()
                                    .filter(line -> line.startsWith("database pid "))
                                    .mapToLong(line -> Long.parseLong(line.substring("database pid ".length())))
                                    .findFirst()
                                    .orElseThrow();
                            ProcessHandle.of(pid).orElseThrow().destroyForcibly();
                            return pid;
                        }
                    }
                }
                Thread.sleep(100);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return -1;
    }
}
