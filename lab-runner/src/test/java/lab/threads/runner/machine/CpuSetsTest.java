package lab.threads.runner.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import lab.threads.runner.outside.CpuList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --cpus}: parsing, the words the run and the report use, and the one-line refusals. */
class CpuSetsTest {
    private static final BitSet FOUR = CpuList.cpus("0-3");

    @Test
    void sharedPinsNothing() {
        CpuSets shared = CpuSets.parse("shared", FOUR, false);
        assertTrue(shared.shared());
        assertEquals(List.of(), shared.serverLauncher());
        assertEquals(List.of(), shared.clientLauncher());
        assertEquals("shared: 4 cores", shared.describe(4));
    }

    @Test
    void eachSideGetsItsOwnListWhichMayHoldCommas() {
        CpuSets sets = CpuSets.parse("server=1,3,client=0,2", FOUR, true);
        assertEquals("1,3", sets.server());
        assertEquals("0,2", sets.client());
        assertEquals(List.of("taskset", "-c", "1,3"), sets.serverLauncher());
        assertEquals(List.of("taskset", "-c", "0,2"), sets.clientLauncher());
        assertEquals("server: CPUs 1,3, client: CPUs 0,2", sets.describe(4));
        assertEquals(
                "server: CPU 1, client: CPU 0",
                CpuSets.parse("Server=1,client=0", FOUR, true).describe(4));
    }

    @Test
    void oneSideAloneLeavesTheOtherOnAnyCpu() {
        CpuSets sets = CpuSets.parse("client=0-1", FOUR, true);
        assertNull(sets.server());
        assertEquals("server: any CPU, client: CPUs 0-1", sets.describe(4));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"", "all", "server=", "server=a", "server=1;client=0", "cpu=1", "server=1,server=2", "server=1,"
            })
    void malformedValuesAreRefusedWithAnExample(String value) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> CpuSets.parse(value, FOUR, true));
        assertTrue(e.getMessage().contains("e.g. --cpus server=1,client=0"), e.getMessage());
    }

    @Test
    void cpusThisProcessMayNotUseOverlapsBackwardRangesAndAMissingTasksetAreRefused() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuSets.parse("server=4,client=0", FOUR, true))
                .getMessage()
                .contains("not all among the CPUs this process may use (0,1,2,3)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuSets.parse("server=0-1,client=1", FOUR, true))
                .getMessage()
                .contains("overlap"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuSets.parse("server=3-1,client=0", FOUR, true))
                .getMessage()
                .contains("runs backwards"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuSets.parse("server=1,client=0", FOUR, false))
                .getMessage()
                .contains("install util-linux"));
    }

    @Test
    void theCpusAllowedHereAreReadFromTheKernel() {
        assertTrue(CpuSets.allowedHere().cardinality() >= 1);
    }
}
