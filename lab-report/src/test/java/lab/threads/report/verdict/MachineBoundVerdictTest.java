package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * On shared cores every core was busy for 8 of the load's 10 s; the client stalled at t = 10-15 s. Who set the figures
 * depends on what the client did by itself, and on which side took the busy cores.
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

    @Test
    void stallsAloneWhileTheServerTookMoreOfTheBusyCoresAreTheMachines() {
        // The server 12 s of CPU over 10 s: 1.2 cores; the client 4 s: 0.4.
        ClientVerdict starved = clientBound(true).withCores(CoreUse.SHARED, new CpuSplit(4_000, 12_000, 8, 10), 2);

        assertEquals(Verdict.MACHINE_BOUND, starved.verdict());
        String machine = starved.findings().getLast();
        assertTrue(machine.startsWith("machine: all cores at least 95% busy for 8 s"), machine);
        assertTrue(machine.contains("the server took 1.2 of 2 cores, the client 0.4"), machine);
        assertTrue(machine.endsWith("so the client's stalls are the machine's"), machine);
        assertEquals(ClientVerdict.MACHINE_ADVICE, starved.advice());
    }

    @Test
    void aClientThatTookMoreOfTheCoresOrRanOutOfItsOwnIsClientBoundWithBothSidesCpuSaid() {
        ClientVerdict costlier = clientBound(true).withCores(CoreUse.SHARED, new CpuSplit(12_000, 4_000, 8, 10), 2);
        assertEquals(Verdict.CLIENT_BOUND, costlier.verdict());
        assertTrue(
                costlier.findings().getLast().contains("the server took 0.4 of 2 cores, the client 1.2"),
                costlier.findings().toString());

        assertTrue(
                costlier.findings().getLast().endsWith("which waited for the cores it held"),
                costlier.findings().toString());

        ClientVerdict ownLimits = clientBound(false).withCores(CoreUse.SHARED, new CpuSplit(4_000, 12_000, 8, 10), 2);
        assertEquals(Verdict.CLIENT_BOUND, ownLimits.verdict(), "its descriptors are its own doing");
        assertTrue(
                ownLimits
                        .findings()
                        .getLast()
                        .endsWith("the server took more of them than the client: its own CPU " + "need set the pace"),
                ownLimits.findings().toString());
    }

    @Test
    void eachSidesCpuIsSaidForTheSecondsAllCoresWereBusyWhenKnown() {
        // In the 8 busy seconds the server took 12.8 s of CPU (1.6 cores), the client 1.6 s (0.2).
        ClientVerdict starved =
                clientBound(true).withCores(CoreUse.SHARED, new CpuSplit(4_000, 12_000, 8, 10, 1_600, 12_800), 2);
        assertTrue(
                starved.findings()
                        .getLast()
                        .contains("the server took 1.6 of 2 cores, the client 0.2, in those seconds"),
                starved.findings().toString());
    }

    @Test
    void coresThatWereNeverAllBusyChangeNothing() {
        ClientVerdict quiet = new ClientVerdict(
                Verdict.CLIENT_BOUND, List.of("client stall"), "advice", STALL, List.of(), 0, Map.of(), true);
        assertSame(quiet, quiet.withCores(CoreUse.SHARED, new CpuSplit(4_000, 12_000, 0, 10), 2));
    }
}
