package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import lab.threads.model.client.LoadClient;
import lab.threads.report.LedgerFixture;
import lab.threads.report.LedgerFixture.Cores;
import lab.threads.report.math.MachineLedger;
import lab.threads.run.LedgerSecond;
import org.junit.jupiter.api.Test;

/** The word of a turn, decided once from the ledger and the client's own evidence, on a 2-core machine. */
class TurnWordTest {

    private static final long T = 1_790_000_000_000L;
    private static final List<ClientVerdict.Interval> STALL = List.of(new ClientVerdict.Interval(10, 15, 500, 0));
    private static final ClientVerdict NO_SIGN =
            new ClientVerdict(Verdict.NO_CLIENT_LIMIT, List.of(), "no sign", List.of(), List.of(), 0, Map.of(), false);
    private static final ClientVerdict STALLED_ONLY = new ClientVerdict(
            Verdict.CLIENT_BOUND,
            List.of("client stall: JMeter recorded no sample at t = 10-15 s"),
            "advice",
            STALL,
            List.of(),
            60,
            Map.of(),
            true);

    /** 100 s of load, all alike. */
    private static ClientVerdict word(ClientVerdict own, Cores cores) {
        return word(own, LedgerFixture.seconds(T, 100, cores));
    }

    private static ClientVerdict word(ClientVerdict own, List<LedgerSecond> lines) {
        MachineLedger ledger = MachineLedger.over(lines, T, T + lines.size() * 1_000L);
        return TurnWord.decide(
                own,
                MachineShares.of(ledger),
                CoreUse.SHARED,
                false,
                false,
                CpuSplit.UNKNOWN,
                10_000,
                LoadClient.JMETER);
    }

    @Test
    void threeRepeatsOfEachServerGetOneWordEach() {
        // Each server's three repeats differ by what a repeat differs by: a tenth of a core here and there.
        Map<String, List<Cores>> repeats = new LinkedHashMap<>();
        repeats.put(
                "server-pool",
                List.of(
                        Cores.of(1.1, 0.6).withLab(0.3),
                        Cores.of(1.1, 0.7).withLab(0.2),
                        Cores.of(1.0, 0.7).withLab(0.3)));
        repeats.put("server-virtual", List.of(Cores.of(0.3, 0.5), Cores.of(0.35, 0.45), Cores.of(0.25, 0.6)));
        repeats.put(
                "server-platform",
                List.of(
                        Cores.of(1.8, 0.1).withLab(0.1),
                        Cores.of(1.7, 0.2).withLab(0.1),
                        Cores.of(1.75, 0.15).withLab(0.1)));
        Map<String, Set<String>> words = new LinkedHashMap<>();
        repeats.forEach((server, turns) -> words.put(
                server,
                turns.stream()
                        .map(cores -> word(NO_SIGN, cores).verdict().label())
                        .collect(Collectors.toSet())));

        assertEquals(Set.of("machine-bound"), words.get("server-pool"), words::toString);
        assertEquals(Set.of("no client limit seen"), words.get("server-virtual"), words::toString);
        assertEquals(Set.of("no client limit seen"), words.get("server-platform"), words::toString);
    }

    @Test
    void thePoolsTwoRepeatsWithTheSameFactsGetTheSameWordWhateverTheClientsStalls() {
        // All cores busy; the server on 1.1 of 2 cores, the client 0.6 then 0.7; only the first repeat saw a stall.
        ClientVerdict first = word(STALLED_ONLY, Cores.of(1.1, 0.6).withLab(0.3));
        ClientVerdict second = word(NO_SIGN, Cores.of(1.1, 0.7).withLab(0.2));

        assertEquals(Verdict.MACHINE_BOUND, first.verdict(), first::oneLine);
        assertEquals(first.verdict(), second.verdict(), second::oneLine);
        assertEquals(ClientVerdict.MACHINE_ADVICE, second.advice());
        assertTrue(
                second.findings().getLast().contains("the server took 55% of the busy machine (the line is 65%)"),
                second::oneLine);
    }

    @Test
    void everyCoreBusyWithTheServerWellUnderTheMachineIsNeverNoClientLimitSeen() {
        for (double server = 0.2; server <= 1.2; server += 0.1) {
            ClientVerdict verdict = word(NO_SIGN, Cores.of(server, 0.5).withLab(1.5 - server));
            assertNotEquals(Verdict.NO_CLIENT_LIMIT, verdict.verdict(), verdict::oneLine);
        }
    }

    @Test
    void everyCoreBusyForMoreThanHalfTheLoadWithTheServerUnderTheMachineIsMachineBound() {
        // Every core busy 57 of 99 s, the server on 0.9 of 2 cores in them; the rest of the load half idle.
        List<LedgerSecond> lines = new java.util.ArrayList<>(
                LedgerFixture.seconds(T, 57, Cores.of(0.9, 0.8).withLab(0.3)));
        lines.addAll(LedgerFixture.seconds(T + 57_000, 42, Cores.of(0.5, 0.4)));

        ClientVerdict verdict = word(NO_SIGN, lines);

        assertEquals(Verdict.MACHINE_BOUND, verdict.verdict(), verdict::oneLine);
        assertTrue(
                verdict.findings().getLast().startsWith("machine-bound: every core busy for 57 of 99 s"),
                verdict::oneLine);
    }

    @Test
    void sharesWithinAFewPointsOfTheLineReadNearOnBothSidesOfIt() {
        // The line is 65% of the busy machine: 1.3 of 2 cores. 1.26 and 1.34 of them are each 2 points off it.
        ClientVerdict under = word(NO_SIGN, Cores.of(1.26, 0.4).withLab(0.34));
        ClientVerdict over = word(NO_SIGN, Cores.of(1.34, 0.4).withLab(0.26));

        assertEquals(Verdict.NEAR_MACHINE_BOUND, under.verdict(), under::oneLine);
        assertEquals(Verdict.NEAR_MACHINE_BOUND, over.verdict(), over::oneLine);
        assertEquals("near machine-bound", over.verdict().label());
        assertTrue(
                over.findings()
                        .getLast()
                        .startsWith(
                                "near machine-bound: the server took 67% of the busy machine" + " (the line is 65%)"),
                over::oneLine);
        assertEquals(
                Verdict.MACHINE_BOUND,
                word(NO_SIGN, Cores.of(1.1, 0.5).withLab(0.4)).verdict());
        assertEquals(
                Verdict.NO_CLIENT_LIMIT,
                word(NO_SIGN, Cores.of(1.5, 0.3).withLab(0.2)).verdict());
    }

    @Test
    void twoLocalWorkersCountAsTheClientSoTheirCpuMakesItClientBound() {
        // The controller 0.2 cores and the two workers 1.4: the ledger's clientMs holds all 1.6; the server 0.4.
        ClientVerdict verdict = word(STALLED_ONLY, Cores.of(0.4, 1.6));

        assertEquals(Verdict.CLIENT_BOUND, verdict.verdict(), verdict::oneLine);
        assertFalse(verdict.oneLine().contains("the client 0.2"), verdict::oneLine);
        assertTrue(
                verdict.findings().getLast().contains("the client took 80% of the busy machine and the server 20%"),
                verdict::oneLine);
        assertTrue(
                verdict.findings().stream().anyMatch(finding -> finding.contains("the client 160.0 s (80%)")),
                verdict::oneLine);
    }

    @Test
    void stealOrOtherProgramsAboveFivePercentDisturbAndNotBelow() {
        // 0.11 of 2 busy cores is 5.5% of the busy time, 0.09 is 4.5%.
        ClientVerdict other = word(NO_SIGN, Cores.of(0.8, 0.6).withLab(0.5).withOther(0.11));
        ClientVerdict steal = word(NO_SIGN, Cores.of(0.8, 0.6).withLab(0.5).withSteal(0.11));

        assertEquals(Verdict.DISTURBED, other.verdict(), other::oneLine);
        assertTrue(
                other.findings()
                        .getLast()
                        .contains("other programs (gradle 11.0 s) took 5.5% of the busy time (the line is 5%)"),
                other::oneLine);
        assertEquals(Verdict.DISTURBED, steal.verdict(), steal::oneLine);
        assertTrue(steal.findings().getLast().startsWith("disturbed: steal"), steal::oneLine);
        assertEquals(TurnWord.DISTURBED_ADVICE, steal.advice());

        assertNotEquals(
                Verdict.DISTURBED,
                word(NO_SIGN, Cores.of(0.8, 0.6).withLab(0.5).withOther(0.09)).verdict());
        assertNotEquals(
                Verdict.DISTURBED,
                word(NO_SIGN, Cores.of(0.8, 0.6).withLab(0.5).withSteal(0.09)).verdict());
        assertTrue(Verdict.DISTURBED.heldBack(), "a disturbed figure is not the server's to judge");
    }

    @Test
    void otherProgramsOnANearIdleMachineDisturbNothingButStealDoes() {
        // 0.02 of 0.22 busy cores is 9% of the busy time, but no core was ever busy: nothing competed for them.
        ClientVerdict other = word(NO_SIGN, Cores.of(0.1, 0.1).withOther(0.02));
        ClientVerdict steal = word(NO_SIGN, Cores.of(0.1, 0.1).withSteal(0.02));

        assertNotEquals(Verdict.DISTURBED, other.verdict(), other::oneLine);
        assertEquals(Verdict.DISTURBED, steal.verdict(), steal::oneLine);
    }

    @Test
    void theFindingsNameEveryPartAboveFivePercentWithItsSeconds() {
        ClientVerdict verdict = word(NO_SIGN, Cores.of(0.6, 0.8).withLab(0.05).withOther(0.2));

        String machine = verdict.findings().stream()
                .filter(finding -> finding.startsWith("machine: "))
                .findFirst()
                .orElseThrow();
        assertTrue(
                machine.endsWith(
                        "the client 80.0 s (48%), the server 60.0 s (36%), other programs 20.0 s (12%: gradle 20.0 s)"),
                machine);
        assertFalse(machine.contains("lab"), "the lab's 3% is under the line: " + machine);
    }

    @Test
    void noClientLimitAdviceGivesTheLedgersClientShareWithItsLocalWorkers() {
        // The client's own record knows the process that wrote it; the ledger's client part holds its local workers
        // too.
        ClientVerdict verdict = word(NO_SIGN, Cores.of(0.2, 0.6));

        assertEquals(Verdict.NO_CLIENT_LIMIT, verdict.verdict(), verdict::oneLine);
        assertTrue(
                verdict.advice()
                        .endsWith("gives the client (every process of it on this machine) 75% of the busy"
                                + " time over the load."),
                verdict.advice());
    }

    @Test
    void otherProgramsOnABusyMachineOutrankTheClientsOwnPauses() {
        // The pool's third repeat, on a machine shared with builds: every core busy, other programs half of it, and the
        // client's own record showing GC pauses, which a client short of cores has for the same reason as the server.
        ClientVerdict clientGc = new ClientVerdict(
                Verdict.CLIENT_BOUND,
                List.of("client GC: pauses of 900 ms"),
                "advice",
                List.of(),
                List.of(),
                60,
                Map.of(),
                false);
        ClientVerdict verdict = word(clientGc, Cores.of(0.6, 0.35).withOther(1.0));

        assertEquals(Verdict.DISTURBED, verdict.verdict(), verdict::oneLine);
        assertTrue(verdict.oneLine().contains("other programs (gradle 100.0 s) took 51.3%"), verdict::oneLine);
    }
}
