package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.threads.report.LedgerFixture;
import lab.threads.report.LedgerFixture.Cores;
import lab.threads.run.LedgerSecond;
import org.junit.jupiter.api.Test;

/** The ledger of a turn is the sum of its lines whose interval's midpoint lies in the load window. */
class MachineLedgerTest {

    private static final long T = 1_790_000_000_000L;

    @Test
    void theSumOverTheWindowIsTheHandSumOfTheLinesWhoseMidpointIsInIt() {
        List<LedgerSecond> lines = new ArrayList<>();
        // Seconds ending at T-2 s .. T+13 s; the k-th has the server on 0.1 x k cores, every fourth has gradle.
        for (int k = -2; k <= 13; k++) {
            Cores cores = new Cores(0.1 * Math.max(k, 0), 0.5, 0.1, 0.05, 0, k % 4 == 0 ? 0.2 : 0);
            lines.add(LedgerFixture.second(T + k * 1_000L, cores));
        }

        // The window T+0.2 s .. T+10.4 s holds the midpoints of the seconds ending at T+1 s .. T+10 s (k = 1..10):
        // the one ending at T+0 s lies mostly before it, the one ending at T+11 s mostly after.
        MachineLedger ledger = MachineLedger.over(lines, T + 200, T + 10_400);

        assertEquals(10, ledger.seconds());
        // By hand: server 100+200+...+1000 = 5,500; client 10 x 500; lab 10 x 100; kernel 10 x 50;
        // gradle in k = 4 and 8: 2 x 200.
        assertEquals(5_500, ledger.load().serverMs());
        assertEquals(5_000, ledger.load().clientMs());
        assertEquals(1_000, ledger.load().labMs());
        assertEquals(500, ledger.load().kernelMs());
        assertEquals(400, ledger.load().otherMs());
        assertEquals(5_500 + 5_000 + 1_000 + 500 + 400, ledger.load().busyMs());
        assertEquals(0, ledger.load().unattributedMs(), "the fixture's busy time is its parts' sum");
        assertEquals(Map.of("gradle", 400L), ledger.others());
        // Busy at least 95% of 2 cores (1,900 ms) only where the server is on 1.2 cores or more: none in the window.
        assertEquals(0, ledger.saturatedSeconds());
        assertEquals(10, ledger.perSecond().size());
        assertEquals(MachineLedger.COLUMNS.size(), ledger.perSecond().getFirst().length);
    }

    @Test
    void theSecondsWithEveryCoreBusyAreSummedApart() {
        List<LedgerSecond> lines =
                new ArrayList<>(LedgerFixture.seconds(T, 3, Cores.of(1.1, 0.6).withLab(0.3)));
        lines.addAll(LedgerFixture.seconds(T + 3_000, 2, Cores.of(0.2, 0.3)));

        MachineLedger ledger = MachineLedger.over(lines, T, T + 5_000);

        assertEquals(5, ledger.seconds());
        assertEquals(3, ledger.saturatedSeconds());
        assertEquals(3 * 2_000, ledger.saturated().busyMs());
        assertEquals(3 * 1_100, ledger.saturated().serverMs());
        assertEquals(3 * 1_100 + 2 * 200, ledger.load().serverMs());
    }

    @Test
    void noLineInTheWindowIsNoLedger() {
        assertNull(MachineLedger.over(LedgerFixture.seconds(T, 3, Cores.of(1, 1)), T + 10_000, T + 20_000));
        assertNull(MachineLedger.over(List.of(), T, T + 20_000));
    }
}
