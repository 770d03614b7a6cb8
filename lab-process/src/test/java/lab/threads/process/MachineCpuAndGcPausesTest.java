package lab.threads.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The machine's CPU from /proc/stat and which collections are pauses, as every lab JVM's own record reads them. */
class MachineCpuAndGcPausesTest {

    @Test
    void machineCpuAddsUpTheBusyAndIdleTimesOfProcStatsCpuLine() {
        // user nice system idle iowait irq softirq steal guest guest_nice, in USER_HZ (100) ticks
        String procStat = "cpu  80072 64 12466 1639326 595 3 791 512 7 1";

        MachineCpu cpu = MachineCpu.parse(procStat).orElseThrow();

        long busy = 80072 + 64 + 12466 + 3 + 791 + 512; // guest is inside user already
        assertEquals(busy * 10, cpu.busyMs());
        assertEquals((busy + 1639326 + 595) * 10, cpu.totalMs());
    }

    @Test
    void machineCpuReadsNoOtherLine() {
        assertEquals(Optional.empty(), MachineCpu.parse("cpu0 40000 32 6000 800000 300 0 400 256 0 0"));
        assertEquals(Optional.empty(), MachineCpu.parse("cpu  80072 64 12466 1639326 595"), "too few fields");
        assertEquals(Optional.empty(), MachineCpu.parse("cpu  80072 64 x 1639326 595 0 791 512"));
        assertEquals(Optional.empty(), MachineCpu.parse(""));
        assertEquals(Optional.empty(), MachineCpu.parse(null));
    }

    @Test
    void machineCpuOfThisMachineIsBusyLessThanItsTotal() {
        Optional<MachineCpu> cpu = MachineCpu.read();
        if (System.getProperty("os.name").startsWith("Linux")) {
            assertTrue(cpu.isPresent());
            assertTrue(cpu.get().busyMs() > 0 && cpu.get().busyMs() <= cpu.get().totalMs(), cpu::toString);
        }
    }

    @Test
    void everyCollectorNotificationButAConcurrentCycleIsAPause() {
        assertTrue(GcPauses.isPause("G1 Young Generation", "end of minor GC"));
        assertTrue(GcPauses.isPause("G1 Old Generation", "end of major GC"));
        assertTrue(GcPauses.isPause("G1 Concurrent GC", "end of concurrent GC pause"), "Remark and Cleanup");
        assertTrue(GcPauses.isPause("ZGC Major Pauses", "end of GC pause"));
        assertFalse(GcPauses.isPause("ZGC Major Cycles", "end of GC cycle"));
        assertFalse(GcPauses.isPause("ZGC Minor Cycles", "end of GC cycle"));
        assertTrue(GcPauses.isPause("Shenandoah Pauses", "Init Mark"));
        assertFalse(GcPauses.isPause("Shenandoah Cycles", "end of GC cycle"));
        assertTrue(GcPauses.isPause("PS Scavenge", "end of minor GC"));
        assertTrue(GcPauses.isPause("MarkSweepCompact", "end of major GC"));
    }

    @Test
    void gcPausesCountsThePausesBeforeTheWatchFromTheBeansAndTheNextOnesFromNotifications()
            throws InterruptedException {
        System.gc(); // a full, stop-the-world collection with G1, Parallel or Serial, whichever this JVM runs
        long beforeWatch = pauseCollections();
        GcPauses pauses = GcPauses.watch();
        try {
            GcPauses.Totals atWatch = pauses.totals();
            assertTrue(atWatch.count() >= beforeWatch && beforeWatch >= 1, atWatch + " vs beans " + beforeWatch);

            System.gc();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (pauses.totals().count() == atWatch.count() && System.nanoTime() < deadline) {
                Thread.sleep(10); // notifications come on the JVM's own thread, shortly after
            }
            GcPauses.Totals after = pauses.totals();
            assertTrue(after.count() > atWatch.count(), after::toString);
            // No pause twice: never more than the beans count (which may be ahead, notifications come after).
            assertTrue(after.count() <= pauseCollections(), after::toString);
            assertTrue(after.maxMs() <= after.totalMs(), after::toString);
        } finally {
            pauses.close();
        }
    }

    private static long pauseCollections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .filter(bean -> GcPauses.isPauseCollector(bean.getName()))
                .mapToLong(GarbageCollectorMXBean::getCollectionCount)
                .sum();
    }
}
