package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import lab.threads.model.client.LoadClient;
import org.junit.jupiter.api.Test;

/**
 * An older run (no ledger) on shared cores, every core busy for 8 of the load's 10 s; the client stalled at
 * t = 10-15 s. Who set the figures depends on what the client did by itself, and on which side took the busy cores.
 */
class MachineBoundVerdictTest {

    private static final List<ClientVerdict.Interval> STALL = List.of(new ClientVerdict.Interval(10, 15, 500, 0));

    private static ClientVerdict clientBound(boolean stallsOnly) {
        return new ClientVerdict(
                Verdict.CLIENT_BOUND,
                List.of("client stall: JMeter recorded no sample at t = 10-15 s"),
                "advice",
                STALL,
                List.of(),
                8,
                stallsOnly ? Map.of() : Map.of("client: java.net.SocketException: Too many open files", 3L),
                stallsOnly);
    }

    private static ClientVerdict decide(ClientVerdict own, CpuSplit cpu) {
        return TurnWord.decide(
                own, MachineShares.of(cpu, 2), CoreUse.SHARED, false, false, cpu, 1_000, LoadClient.JMETER);
    }

    @Test
    void stallsAloneWhileTheServerTookMoreOfTheBusyCoresAreTheMachines() {
        // The server 12 s of CPU over 10 s: 1.2 cores; the client 4 s: 0.4.
        ClientVerdict starved = decide(clientBound(true), new CpuSplit(4_000, 12_000, 8, 10));

        assertEquals(Verdict.MACHINE_BOUND, starved.verdict());
        assertTrue(
                starved.findings().stream()
                        .anyMatch(finding -> finding.startsWith("machine: no ledger (an older run): ")
                                && finding.contains("the server took 1.2 of 2 cores, the client 0.4")),
                starved.findings().toString());
        assertTrue(starved.findings().getLast().endsWith("the stalls are the machine's"), starved.oneLine());
        assertEquals(ClientVerdict.MACHINE_ADVICE, starved.advice());
    }

    @Test
    void aClientThatTookMoreOfTheCoresOrRanOutOfItsOwnIsClientBound() {
        assertEquals(
                Verdict.CLIENT_BOUND,
                decide(clientBound(true), new CpuSplit(12_000, 4_000, 8, 10)).verdict());
        assertEquals(
                Verdict.CLIENT_BOUND,
                decide(clientBound(false), new CpuSplit(4_000, 12_000, 8, 10)).verdict(),
                "its descriptors are its own doing");
    }

    @Test
    void eachSidesCpuIsSaidForTheSecondsAllCoresWereBusyWhenKnown() {
        // In the 8 busy seconds the server took 12.8 s of CPU (1.6 cores), the client 1.6 s (0.2).
        ClientVerdict starved = decide(clientBound(true), new CpuSplit(4_000, 12_000, 8, 10, 1_600, 12_800, 0));
        assertTrue(
                starved.findings().stream()
                        .anyMatch(finding ->
                                finding.contains("the server took 1.6 of 2 cores, the client 0.2, in those seconds")),
                starved.findings().toString());
    }

    @Test
    void coresThatWereNeverAllBusyLeaveTheClientsOwnWord() {
        ClientVerdict quiet = new ClientVerdict(
                Verdict.CLIENT_BOUND, List.of("client stall"), "advice", STALL, List.of(), 0, Map.of(), true);
        ClientVerdict decided = decide(quiet, new CpuSplit(4_000, 12_000, 0, 10));
        assertEquals(Verdict.CLIENT_BOUND, decided.verdict());
        assertEquals("advice", decided.advice());
    }
}
