package lab.threads.report.pinning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import lab.threads.run.PinningProbe;
import org.junit.jupiter.api.Test;

/** The verdict from a probe's figures, on probes shaped as recorded ones: 200 requests of 1 s on 2 carriers. */
class PinningVerdictTest {

    /** A virtual-thread probe of 200 x 1 s answered {@code completed} in {@code elapsedMs}. */
    static PinningProbe probe(String kind, int completed, long elapsedMs, int carriers, int pinned) {
        return new PinningProbe(
                "server-undertow-virtual",
                true,
                "25.0.3+9-LTS",
                25,
                kind,
                200,
                1000,
                completed,
                0,
                elapsedMs,
                2,
                carriers,
                30,
                1000.0,
                pinned,
                pinned > 0 ? "java.lang.Thread.sleep (3)" : "",
                0,
                "",
                null);
    }

    @Test
    void allAnsweredAfterAboutOneWaitOnTheOwnCarriersIsFriendly() {
        PinningProbe sleep = probe("sleep", 200, 1_080, 2, 0);
        assertEquals(200.0, sleep.idealPerSecond());
        assertEquals(2.0, sleep.pinnedPerSecond());
        assertEquals(92.6, sleep.percentOfIdeal(), 0.1);
        assertEquals(PinningVerdict.FRIENDLY, PinningVerdict.of(sleep));
    }

    @Test
    void keepingTheIdealOnMoreCarriersThanCoresCompensates() {
        PinningProbe file = probe("file", 200, 1_150, 202, 0);
        assertEquals(PinningVerdict.COMPENSATES, PinningVerdict.of(file));
        assertTrue(
                PinningVerdict.evidence(file).contains("202 carriers (parallelism 2)"), PinningVerdict.evidence(file));
    }

    @Test
    void aThroughputNearCarriersOverTheWaitPinsWhateverTheEvents() {
        // 2 carriers x 1 s: about 12 answers in a 6 s deadline, and a usleep never parks, so no pinned event.
        PinningProbe nativeWait = probe("native", 12, 6_000, 2, 0);
        assertEquals(1.0, nativeWait.percentOfIdeal(), 0.01);
        assertEquals(PinningVerdict.PINS, PinningVerdict.of(nativeWait));
        assertTrue(PinningVerdict.evidence(nativeWait).contains("carriers / wait = 2.0 req/s"));
        assertEquals(PinningVerdict.PINS, PinningVerdict.of(probe("monitor", 12, 6_000, 2, 12)));
        // the boundary: half the ideal kept is not a collapse
        assertEquals(PinningVerdict.FRIENDLY, PinningVerdict.of(probe("process", 200, 2_000, 2, 0)));
        // below it but at 99.5 req/s, 50 times carriers / wait: slow (the 200 forks of a loaded machine), not pinned
        assertEquals(PinningVerdict.SLOW, PinningVerdict.of(probe("process", 199, 2_000, 2, 0)));
        assertTrue(PinningVerdict.evidence(probe("process", 199, 2_000, 2, 0))
                .contains("far above carriers / wait = 2.0 req/s"));
        // pinned up to twice carriers / wait (4 req/s here: 24 answers in 6 s), slow above it
        assertEquals(PinningVerdict.PINS, PinningVerdict.of(probe("native", 24, 6_000, 2, 0)));
        assertEquals(PinningVerdict.SLOW, PinningVerdict.of(probe("native", 25, 6_000, 2, 0)));
    }

    @Test
    void theEdgesOfCompensationAndFailure() {
        // 200 requests: compensation from max(2, 5% of 200) = 10 carriers beyond the parallelism of 2
        assertEquals(PinningVerdict.FRIENDLY, PinningVerdict.of(probe("file-sync", 200, 1_100, 11, 0)));
        assertEquals(PinningVerdict.COMPENSATES, PinningVerdict.of(probe("file-sync", 200, 1_100, 12, 0)));
        // 20 requests: 5% is 1, so the floor of 2 extra carriers decides (the JIT or a class initialiser adds one)
        PinningProbe few = with(probe("file-sync", 20, 600, 3, 0), 20, 500, 0);
        assertEquals(PinningVerdict.FRIENDLY, PinningVerdict.of(few));
        assertEquals(
                PinningVerdict.COMPENSATES, PinningVerdict.of(with(probe("file-sync", 20, 600, 4, 0), 20, 500, 0)));
        // carriers unknown (no recording): a kept ideal reads as friendly, never as compensation
        assertEquals(PinningVerdict.FRIENDLY, PinningVerdict.of(probe("sleep", 200, 1_100, -1, 0)));
        assertTrue(PinningVerdict.evidence(probe("sleep", 200, 1_100, -1, 0)).contains("carriers unknown"));
        // nothing answered by the deadline and nothing failed: a collapse, not a failure
        assertEquals(PinningVerdict.PINS, PinningVerdict.of(probe("native", 0, 6_000, 2, 0)));
        assertEquals(0.0, probe("native", 0, 0, 2, 0).perSecond(), "no time measured: no rate, not a division by 0");
        // failures: more than a tenth of the requests, before any other verdict, the pool's included
        assertEquals(PinningVerdict.PINS, PinningVerdict.of(with(probe("socket", 12, 6_000, 2, 0), 200, 1000, 20)));
        assertEquals(PinningVerdict.FAILED, PinningVerdict.of(with(probe("socket", 12, 6_000, 2, 0), 200, 1000, 21)));
    }

    /** {@code p} with other requests, wait and failures. */
    private static PinningProbe with(PinningProbe p, int requests, long waitMs, int failed) {
        return new PinningProbe(
                p.server(),
                p.virtual(),
                p.jdk(),
                p.jdkFeature(),
                p.kind(),
                requests,
                waitMs,
                p.completed(),
                failed,
                p.elapsedMs(),
                p.parallelism(),
                p.carriers(),
                p.peakOsThreads(),
                p.serverP99Ms(),
                p.pinnedEvents(),
                p.pinnedTop(),
                p.nativeSamples(),
                p.nativeTop(),
                null);
    }

    @Test
    void thePoolIsTheReferenceAndFailuresAreSaid() {
        PinningProbe pool = new PinningProbe(
                "server-pool",
                false,
                "25",
                25,
                "monitor",
                200,
                1000,
                200,
                0,
                1_050,
                2,
                -1,
                215,
                1001.0,
                0,
                "",
                0,
                "",
                null);
        assertEquals(PinningVerdict.PLATFORM, PinningVerdict.of(pool));
        PinningProbe failing = new PinningProbe(
                "server-virtual",
                true,
                "25",
                25,
                "socket",
                200,
                1000,
                150,
                50,
                1_050,
                2,
                2,
                30,
                1001.0,
                0,
                "",
                0,
                "",
                null);
        assertEquals(PinningVerdict.FAILED, PinningVerdict.of(failing));
        assertEquals("50 of 200 requests failed", PinningVerdict.evidence(failing));
        PinningProbe failingSaid = new PinningProbe(
                "server-virtual",
                true,
                "25",
                25,
                "socket",
                200,
                1000,
                150,
                50,
                1_050,
                2,
                2,
                30,
                1001.0,
                0,
                "",
                0,
                "",
                "HTTP 502");
        assertEquals("50 of 200 requests failed (the first: HTTP 502)", PinningVerdict.evidence(failingSaid));
    }

    @Test
    void theTalksTableSaysOneVerdictWithItsRangeOrEachServerWhenTheyDisagree() {
        PinningProbe undertow = probe("monitor", 200, 1_050, 2, 0);
        PinningProbe helidon = new PinningProbe(
                "server-virtual",
                true,
                "25",
                25,
                "monitor",
                200,
                1000,
                200,
                0,
                1_100,
                2,
                2,
                30,
                1001.0,
                0,
                "",
                0,
                "",
                null);
        PinningProbe pool = new PinningProbe(
                "server-pool",
                false,
                "25",
                25,
                "monitor",
                200,
                1000,
                200,
                0,
                1_050,
                2,
                -1,
                215,
                1001.0,
                0,
                "",
                0,
                "",
                null);
        PinningReport agree = new PinningReport(null, List.of(undertow, helidon, pool));
        assertEquals("friendly: 90.9-95.2% of ideal, 0 pinned events (2 servers)", agree.verdict(TalkRow.MONITOR, 25));
        assertEquals("", agree.verdict(TalkRow.MONITOR, 21), "not probed on 21");

        PinningProbe pinnedHelidon = new PinningProbe(
                "server-virtual",
                true,
                "21",
                21,
                "monitor",
                200,
                1000,
                12,
                0,
                6_000,
                2,
                2,
                30,
                5000.0,
                12,
                "",
                0,
                "",
                null);
        PinningProbe pinnedUndertow = probe("monitor", 200, 1_050, 2, 0);
        PinningReport mixed = new PinningReport(
                null,
                List.of(
                        pinnedHelidon,
                        new PinningProbe(
                                "server-undertow-virtual",
                                true,
                                "21",
                                21,
                                "monitor",
                                200,
                                1000,
                                200,
                                0,
                                1_050,
                                2,
                                2,
                                30,
                                1001.0,
                                0,
                                "",
                                0,
                                "",
                                null),
                        pinnedUndertow));
        assertEquals(
                "mixed: friendly on server-undertow-virtual; pins on server-virtual",
                mixed.verdict(TalkRow.MONITOR, 21));
        assertEquals(List.of(21, 25), mixed.jdks());
    }
}
