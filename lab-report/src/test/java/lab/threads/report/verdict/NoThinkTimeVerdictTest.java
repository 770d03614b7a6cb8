package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import lab.threads.model.client.LoadClient;
import lab.threads.report.JtlFixture;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With a 0 ms sleep there is no ideal: the verdict says which side's CPU bounded the req/s. */
class NoThinkTimeVerdictTest {
    private static final long T = JtlFixture.START;
    private static final ClientVerdict NO_LIMIT_SEEN =
            new ClientVerdict(Verdict.NO_CLIENT_LIMIT, List.of(), "no sign", List.of(), List.of(), 0, Map.of(), false);

    @TempDir
    Path dir;

    /**
     * A recorded run (machine D, 2026-11-25): {@code ./lab run --servers async --users 100 --loops 500 --rampup 1
     * --sleep-ms 0}, where JMeter reached 899 req/s and wrk 82,000 on the same box, and the per-second checks said "no
     * client limit seen". Its outside /proc series as recorded; its samples.jtl cut to every 50th line (the first and
     * last kept, so the load's span is the recorded one).
     */
    @Test
    void aRecordedClientSaturatedRunIsCalledClientBound() throws IOException, URISyntaxException {
        Path recorded =
                Path.of(getClass().getResource("/recorded/jmeter-async-0ms").toURI());

        ServerSummary summary = ServerSummary.from(
                "server-async", recorded, PlanShape.closed(100, 1, 500, 0), RunOutcome.fromWords("ok"));

        assertEquals(Verdict.CLIENT_BOUND, summary.validity().verdict());
        assertTrue(
                summary.validity().findings().getFirst().startsWith("no think time (0 ms sleep): the client spent "),
                summary.validity().findings().getFirst());
        assertEquals(0, summary.idealThroughput(), "a 0 ms sleep has no ideal rate");
    }

    /**
     * A recorded Hyperfoil run (2026-11-25, the client's commit 6370153): {@code ./lab run --servers async --plan
     * throughput --client hyperfoil --connections 100 --duration 5 --warmup 2 --cpus server=1,client=0}, 4,233 req/s,
     * each side on a core of its own. Its outside /proc series and the server's /stats as recorded, its hyperfoil.log
     * cut to its first lines (only its presence names the client), its samples.jtl cut to every 50th line (the first
     * and last kept).
     */
    @Test
    void aRecordedHyperfoilRunThatRanOutOfItsCoreIsCalledClientBoundInItsName() throws IOException, URISyntaxException {
        Path recorded = Path.of(
                getClass().getResource("/recorded/hyperfoil-async-0ms-pinned").toURI());

        ServerSummary summary = ServerSummary.from(
                "server-async", recorded, PlanShape.throughput(100, 5, 0), RunOutcome.fromWords("ok"));

        ClientVerdict verdict = summary.validity();
        assertEquals(Verdict.CLIENT_BOUND, verdict.verdict(), verdict.oneLine());
        assertTrue(
                verdict.findings().getFirst().startsWith("no think time (0 ms sleep): the client spent ")
                        && verdict.findings()
                                .getFirst()
                                .endsWith("the client ran out of its own cores first: the req/s " + "is the client's"),
                verdict.findings().getFirst());
        assertEquals(LoadClient.HYPERFOIL.words().clientBoundAdvice(), verdict.advice());
        assertTrue(
                verdict.findings().stream().noneMatch(finding -> finding.contains("JMeter")),
                "a Hyperfoil run's evidence names Hyperfoil: " + verdict.findings());
        assertTrue(
                verdict.findings().stream().anyMatch(finding -> finding.contains("Hyperfoil's p99 36 ms")),
                verdict.findings().toString());
        assertTrue(summary.cpu().clientMsPerRequest(summary.summary().samples()) > 0);
    }

    @Test
    void onSharedSaturatedCoresTheCostlierClientBoundsTheRate() throws IOException {
        // 10 s, all cores busy: the client 1.2 cores, the server 0.8.
        write(RunFolder.CLIENT_PROC_FILE, second -> 1_200, second -> 2_000);
        write(RunFolder.SERVER_PROC_FILE, second -> 800, second -> 2_000);

        CpuSplit cpu = CpuSplit.read(dir, T, T + 10_000);
        ClientVerdict verdict = decide(true, false, cpu, 10_000);

        assertEquals(12_000, cpu.clientCpuMs(), "the sum of the client's per-second CPU");
        assertEquals(8_000, cpu.serverCpuMs());
        assertEquals(10, cpu.saturatedSeconds());
        assertEquals(Verdict.CLIENT_BOUND, verdict.verdict());
        assertEquals(
                "no think time (0 ms sleep): the client spent 12.0 s of CPU (1.200 ms a request) against the server's "
                        + "8.0 s (0.800 ms), all cores at least 95% busy for 10 of 10 s: the client's CPU bounded the "
                        + "req/s: it measured itself as much as the server",
                verdict.findings().getFirst());
        assertEquals(LoadClient.JMETER.words().noThinkTimeAdvice(), verdict.advice());
    }

    @Test
    void aGuestWithoutItsServiceTimeIsSaidToLackIt() throws IOException {
        ClientVerdict verdict = cheaperClientOnSharedCores(true);

        String first = verdict.findings().getFirst();
        assertTrue(first.startsWith("no think time, and no --service-ms for the guest's own time: "), first);
        assertFalse(first.contains("0 ms sleep"), "a guest has no sleep of the lab's: " + first);
    }

    @Test
    void aCheaperClientLeavesTheVerdictAndNamesTheServersCores() throws IOException {
        ClientVerdict verdict = cheaperClientOnSharedCores(false);

        assertEquals(Verdict.NO_CLIENT_LIMIT, verdict.verdict());
        assertTrue(
                verdict.findings().getFirst().endsWith("the server's CPU bounded the req/s (the client spent less)"));
    }

    /** 10 s of no think time on shared cores, the client 0.3 s of CPU a second against the server's 1.7. */
    private ClientVerdict cheaperClientOnSharedCores(boolean guest) throws IOException {
        write(RunFolder.CLIENT_PROC_FILE, second -> 300, second -> 2_000);
        write(RunFolder.SERVER_PROC_FILE, second -> 1_700, second -> 2_000);
        return decide(true, guest, CpuSplit.read(dir, T, T + 10_000), 10_000);
    }

    @Test
    void idleCoresBoundNeitherSideAndAPlanWithAnIdealIsLeftAlone() throws IOException {
        write(RunFolder.CLIENT_PROC_FILE, second -> 600, second -> 1_000);
        write(RunFolder.SERVER_PROC_FILE, second -> 300, second -> 1_000);
        CpuSplit cpu = CpuSplit.read(dir, T, T + 10_000);

        assertFalse(cpu.machineSaturated());
        assertEquals(Verdict.NO_CLIENT_LIMIT, decide(true, false, cpu, 1).verdict());
        ClientVerdict withIdeal = decide(false, false, cpu, 1);
        assertEquals(Verdict.NO_CLIENT_LIMIT, withIdeal.verdict());
        assertTrue(withIdeal.findings().stream().noneMatch(finding -> finding.startsWith("no think time")));
    }

    /** The word for these 10 s on 2 shared cores, from the two processes' own series (no ledger). */
    private static ClientVerdict decide(boolean noIdeal, boolean guest, CpuSplit cpu, long samples) {
        return TurnWord.decide(
                NO_LIMIT_SEEN,
                MachineShares.of(cpu, 2),
                CoreUse.SHARED,
                noIdeal,
                guest,
                cpu,
                samples,
                LoadClient.JMETER);
    }

    /** One line a second for 11 s on 2 cores: the process's CPU and the machine's busy ms in each second. */
    private void write(String file, IntUnaryOperator cpuMs, IntUnaryOperator machineBusyMs) throws IOException {
        long[] cpu = {0};
        long[] busy = {0};
        String lines = IntStream.rangeClosed(0, 10)
                .mapToObj(second -> {
                    if (second > 0) {
                        cpu[0] += cpuMs.applyAsInt(second - 1);
                        busy[0] += machineBusyMs.applyAsInt(second - 1);
                    }
                    return String.format(
                            "{\"sampledAtMs\":%d,\"cpuUserMs\":%d,\"cpuSystemMs\":0,\"machineCpuBusyMs\":%d,"
                                    + "\"machineCpuTotalMs\":%d,\"cpus\":\"0-1\",\"cores\":2}",
                            T + second * 1000L, cpu[0], busy[0], second * 2000L);
                })
                .collect(Collectors.joining("\n", "", "\n"));
        Files.writeString(dir.resolve(file), lines);
    }
}
