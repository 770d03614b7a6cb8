package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import lab.threads.report.checks.CheckStatus;
import lab.threads.report.math.RequestPart;
import lab.threads.report.verdict.Verdict;
import lab.threads.run.RunFolder;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client stall provoked for real: the forked JMeter is frozen with SIGSTOP for 3 s in the middle of a scaled-down
 * run against server-virtual, then resumed. (A frozen closed-model client sends nothing new, so the server has work
 * during the freeze only from requests already in flight: hence 3 s sleeps started over 3 s.) The server keeps answering on time; JMeter reads those answers late. The
 * report must name the stall, keep the server's own p99 near the sleep, show JMeter's p99 grown by the pause, and
 * put the pause in the client's part of the slowest requests (at least half of it: the tolerance); a check on the
 * p99 is inconclusive, exit 4, since the client set that figure.
 */
@Tag(FaultRun.TAG) // run alone, as every fault run: the frozen client must be the part named
class ClientStallTest {
    /** 300 users over 3 s, 3 s each: about 100 responses due every second, so the server has work all through the freeze. */
    private static final int SLEEP_MS = 3000;

    private static final long PAUSE_MS = 3000;

    /** A check the frozen client's p99 would breach, were it the server's. */
    private static final String CHECK = "p99<=1.2x sleep";

    @TempDir
    Path out;

    private volatile boolean frozen;

    @Test
    void aFrozenClientIsNamedAsTheBottleneckWhileTheServersOwnLatencyStaysNearTheSleep() throws Exception {
        Thread freezer =
                Thread.ofPlatform().daemon().name("freeze-jmeter").start(() -> frozen = freezeJMeterOnceLoaded());
        int exit = LabCommand.commandLine()
                .execute(
                        "--servers=virtual",
                        "--plan=talk",
                        "--users=300",
                        "--rampup=3",
                        "--loops=3",
                        "--sleep-ms=" + SLEEP_MS,
                        "--out=" + out,
                        "--server-jvm-args=-Xmx256m",
                        "--check=" + CHECK);
        freezer.join(Duration.ofSeconds(5));
        assertTrue(frozen, "the forked JMeter was found and frozen");
        // The run went through, and its check neither passed nor breached: the client set the figure.
        assertEquals(CheckStatus.EXIT_INCONCLUSIVE, exit, "a check on a client-bound figure is inconclusive");
        JsonNode check = new ObjectMapper()
                .readTree(LabRunEndToEndTest.onlyRunFolder(out)
                        .resolve(RunFolder.CHECKS_JSON_FILE)
                        .toFile())
                .at("/checks/0");
        assertEquals("inconclusive", check.get("status").asText(), check::toString);
        assertTrue(check.get("reason").asText().startsWith("client-bound in 1 of 1 run(s)"), check::toString);

        JsonNode server = new ObjectMapper()
                .readTree(LabRunEndToEndTest.onlyRunFolder(out)
                        .resolve("summary.json")
                        .toFile())
                .get("servers")
                .get(0);
        JsonNode validity = server.get("validity");
        assertEquals(Verdict.CLIENT_BOUND.label(), validity.get("verdict").asText(), validity::toString);
        double longestStall = 0;
        for (JsonNode stall : validity.get("clientStalls")) {
            longestStall = Math.max(
                    longestStall,
                    stall.get("toSecond").asDouble() - stall.get("fromSecond").asDouble());
        }
        assertTrue(longestStall >= 2, "the 3 s freeze is named as a stall: " + validity);
        assertTrue(
                validity.get("findings").get(0).asText().startsWith("client stall: JMeter recorded no sample at t = "),
                validity::toString);

        double serverP99 = server.at("/serverView/p99Ms").asDouble();
        long jmeterP99 = server.at("/percentiles/p99").asLong();
        assertTrue(
                serverP99 >= SLEEP_MS && serverP99 < SLEEP_MS + 500, "the server answered on time: p99 " + serverP99);
        assertTrue(jmeterP99 >= SLEEP_MS + PAUSE_MS / 2, "JMeter read them late: p99 " + jmeterP99);
        assertTrue(
                server.at("/client/snapshots").asInt() >= 3, "the client recorded its health: " + server.get("client"));

        // The per-request timeline puts the freeze in the client's part: after the response was written, before JMeter
        // read it.
        JsonNode slowest = server.at("/timeline/slowest");
        double clientMs =
                slowest.get("partsMs").get(RequestPart.CLIENT.ordinal()).asDouble();
        assertTrue(clientMs >= PAUSE_MS / 2.0, "the slowest 1% waited for the frozen client: " + slowest);
        assertEquals(RequestPart.CLIENT, TimelineInjectionTest.bottleneck(server), server.get("timeline")::toString);
    }

    /** Waits for the fork's first completed samples, then SIGSTOP, 3 s, SIGCONT. Bounded: gives up after 60 s. */
    private boolean freezeJMeterOnceLoaded() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try {
            while (System.nanoTime() < deadline) {
                Optional<ProcessHandle> jmeter = ProcessHandle.current()
                        .descendants()
                        .filter(ClientStallTest::isJMeter)
                        .findFirst();
                if (jmeter.isPresent() && completedSamples() >= 150) {
                    signal("STOP", jmeter.get());
                    Thread.sleep(PAUSE_MS);
                    signal("CONT", jmeter.get());
                    return true;
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException | IOException e) {
            throw new IllegalStateException(e);
        }
        return false;
    }

    /** Read from /proc: ProcessHandle.Info may leave out a command line as long as the fork's classpath. */
    private static boolean isJMeter(ProcessHandle process) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline")))
                    .contains("JMeterMain");
        } catch (IOException gone) {
            return false;
        }
    }

    /** The client's own count, from the last line of its client-stats.jsonl. */
    private long completedSamples() throws IOException {
        try (Stream<Path> files = Files.walk(out)) {
            List<Path> stats = files.filter(f -> f.getFileName().toString().equals(RunFolder.CLIENT_STATS_FILE))
                    .toList();
            for (Path file : stats) {
                List<String> lines = Files.readAllLines(file);
                if (!lines.isEmpty()) {
                    return new ObjectMapper()
                            .readTree(lines.getLast())
                            .path("samplesCompleted")
                            .asLong();
                }
            }
        } catch (java.io.UncheckedIOException | com.fasterxml.jackson.core.JsonProcessingException notYet) {
            // a line being written, or a folder being made: look again
        }
        return 0;
    }

    private static void signal(String name, ProcessHandle process) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
                .inheritIO()
                .start()
                .waitFor();
    }
}
