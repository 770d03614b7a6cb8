package lab.threads.runner.outside;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import lab.threads.run.LedgerSecond;
import org.junit.jupiter.api.Test;

/** The ledger fed made-up /proc snapshots, every figure counted by hand in ticks of 10 ms. */
class LedgerTest {
    private static final long RUNNER = 100;
    private static final long SERVER = 200;
    private static final long CLIENT = 300;
    private static final long KWORKER_FLAGS = 0x04208040L;

    /** A /proc that holds what the test writes in it. */
    private static final class MadeUpProc implements ProcFiles {
        String machine;
        /** Seconds since boot: each reading's processes started before it were alive when it listed them. */
        double uptime;

        final Map<Long, String> stats = new TreeMap<>();

        @Override
        public String machineStat() {
            return machine;
        }

        @Override
        public String uptime() {
            return uptime + " 0.00\n";
        }

        @Override
        public List<Long> pids() {
            return new ArrayList<>(stats.keySet());
        }

        @Override
        public Optional<String> processStat(long pid) {
            return Optional.ofNullable(stats.get(pid));
        }

        @Override
        public long self() {
            return RUNNER;
        }

        void process(long pid, String name, long ppid, long flags, long own, long reaped, long start) {
            // utime carries all of own and cutime all of reaped: the ledger adds each pair.
            stats.put(
                    pid,
                    pid + " (" + name + ") S " + ppid + " 1 1 0 -1 " + flags + " 0 0 0 0 " + own + " 0 " + reaped
                            + " 0 20 0 1 0 " + start + " 1000 10");
        }

        void machine(long user, long system, long idle, long irq, long softirq, long steal) {
            machine = "cpu  " + user + " 0 " + system + " " + idle + " 0 " + irq + " " + softirq + " " + steal
                    + " 0 0\ncpu0 1 0 1 1 0 0 0 0 0 0\ncpu1 1 0 1 1 0 0 0 0 0 0\nintr 12 0 0\n";
        }
    }

    private static Ledger ledger(MadeUpProc proc) {
        return new Ledger(
                proc, () -> List.of(SERVER), () -> List.of(CLIENT), new LabProcesses(List.of(), List::of), true);
    }

    @Test
    void everyProcessLandsInItsPartOnceWhateverEndedOrCameBetweenTwoReadings() throws Exception {
        MadeUpProc proc = new MadeUpProc();
        proc.machine(1000, 500, 9000, 10, 20, 70);
        proc.uptime = 10.0;
        proc.process(1, "init", 0, 0, 100, 1000, 1);
        proc.process(2, "kthreadd", 0, KWORKER_FLAGS, 0, 0, 1);
        proc.process(50, "kworker/0:1", 2, KWORKER_FLAGS, 30, 0, 5);
        proc.process(RUNNER, "java", 1, 0, 400, 0, 900);
        proc.process(SERVER, "java", RUNNER, 0, 1000, 0, 950);
        proc.process(CLIENT, "java", RUNNER, 0, 2000, 0, 960);
        proc.process(400, "sh", CLIENT, 0, 10, 0, 970); // the client's child: seen once, then reaped
        proc.process(500, "gcc", 1, 0, 20, 0, 980); // an other program's: ends, and its pid goes to another
        proc.process(600, "gradle", 1, 0, 5000, 0, 700);
        Ledger ledger = ledger(proc);
        assertTrue(ledger.next(10_000).isEmpty(), "the first reading only starts the interval");

        proc.machine(1000 + 100, 500 + 43, 9000 + 50, 10 + 1, 20 + 2, 70 + 4);
        proc.uptime = 11.0;
        proc.process(1, "init", 0, 0, 100, 1000 + 25, 1); // reaped gcc: 20 seen before, 5 since
        proc.process(50, "kworker/0:1", 2, KWORKER_FLAGS, 30 + 2, 0, 5);
        proc.process(RUNNER, "java", 1, 0, 400 + 5, 3, 900); // 3: an ss never seen
        proc.process(SERVER, "java", RUNNER, 0, 1000 + 50, 0, 950);
        proc.process(CLIENT, "java", RUNNER, 0, 2000 + 30, 14, 960); // reaped sh: 10 seen before, 4 since
        proc.stats.remove(400L);
        proc.process(500, "cc1", CLIENT, 0, 7, 0, 1020); // the pid again, another start: the client's now
        proc.process(600, "gradle", 1, 0, 5000 + 40, 0, 700);
        LedgerSecond line = ledger.next(11_000).orElseThrow();

        assertEquals(1_000, line.intervalMs());
        assertEquals(2, line.cores());
        // busy: user 100 + system 43 + irq 1 + softirq 2 + steal 4 = 150 ticks
        assertEquals(1_500, line.busyMs());
        assertEquals(500, line.idleMs());
        assertEquals(500, line.serverMs());
        assertEquals((30 + 4 + 7) * 10, line.clientMs());
        assertEquals(50, line.runnerMs());
        assertEquals(30, line.labForksMs());
        assertEquals(20, line.kernelMs());
        assertEquals(40, line.stealMs());
        assertEquals((40 + 5) * 10, line.otherMs());
        assertEquals(30, line.irqMs());
        assertTrue(line.irqInTasks());
        // 150 - (50 + 41 + 5 + 3 + 2 + 4 + 45) = 0: every tick has its part
        assertEquals(0, line.unattributedMs());
        assertEquals(
                List.of(new LedgerSecond.Other("gradle", 600, 400), new LedgerSecond.Other("init", 1, 50)),
                line.others());
    }

    @Test
    void aChildWhoseCpuNeverReachedItsReaperTakesNothingOffItsReapersOtherChildren() throws Exception {
        MadeUpProc proc = new MadeUpProc();
        proc.machine(0, 0, 0, 0, 0, 0);
        proc.uptime = 10.0;
        proc.process(RUNNER, "java", 1, 0, 0, 0, 900);
        proc.process(700, "daemon", RUNNER, 0, 50, 0, 910);
        Ledger ledger = ledger(proc);
        ledger.next(0);

        // 8 busy ticks and 192 idle: the second's 200 ticks on 2 cores, as a real /proc/stat adds them up.
        proc.machine(8, 0, 192, 0, 0, 0);
        proc.uptime = 11.0;
        proc.process(RUNNER, "java", 1, 0, 0, 3, 900); // 3 from an ss; the daemon's 50 went elsewhere
        proc.stats.remove(700L);
        LedgerSecond line = ledger.next(1_000).orElseThrow();

        assertEquals(0, line.labForksMs(), "the 3 are under the 50 already counted: nothing is counted twice");
        assertEquals(80, line.unattributedMs());
    }

    @Test
    void aProcessOneReadingMissedIsCountedFromTheNextNotWithItsWholeLife() throws Exception {
        MadeUpProc proc = new MadeUpProc();
        proc.machine(0, 0, 0, 0, 0, 0);
        proc.uptime = 100.0;
        proc.process(RUNNER, "java", 1, 0, 0, 0, 900);
        Ledger ledger = ledger(proc);
        ledger.next(0);

        proc.machine(100, 0, 0, 0, 0, 0);
        proc.uptime = 101.0;
        // Started at 99 s, before the first reading, whose line of it could not be read: 5,000 ticks of its life.
        proc.process(800, "make", 1, 0, 5_000, 0, 9_900);
        LedgerSecond first = ledger.next(1_000).orElseThrow();
        assertEquals(0, first.otherMs(), "its life before this reading is not this interval's");

        proc.machine(200, 0, 0, 0, 0, 0);
        proc.uptime = 102.0;
        proc.process(800, "make", 1, 0, 5_000 + 60, 0, 9_900);
        assertEquals(600, ledger.next(2_000).orElseThrow().otherMs());
    }

    @Test
    void theUnattributedPartIsTheBusyTimeNoPartHolds() {
        LedgerSecond ticked = new LedgerSecond(0, 1_000, 2, 1_900, 100, 700, 600, 40, 30, 20, 110, 300, 50, true, null);
        // 1900 - 700 - 600 - 40 - 30 - 20 - 110 - 300 = 100; interrupts are inside the tasks
        assertEquals(100, ticked.unattributedMs());
        LedgerSecond ownIrq =
                new LedgerSecond(0, 1_000, 2, 1_900, 100, 700, 600, 40, 30, 20, 110, 300, 50, false, null);
        assertEquals(50, ownIrq.unattributedMs());
        assertEquals(70, ownIrq.labMs());
    }

    @Test
    void machineTicksReadStealIrqAndTheOnlineCpus() {
        MachineTicks ticks = MachineTicks.parse("cpu  29851 7 8565 15806 352 11 167 122 0 0\n"
                        + "cpu0 14674 0 4004 8647 18 0 44 64 0 0\ncpu1 15177 0 4560 7159 334 0 123 58 0 0\n"
                        + "intr 355890 0 0\nctxt 1054132\n")
                .orElseThrow();
        assertEquals(29851 + 7 + 8565 + 11 + 167 + 122, ticks.busy());
        assertEquals(15806 + 352, ticks.idle());
        assertEquals(11 + 167, ticks.irq());
        assertEquals(122, ticks.steal());
        assertEquals(2, ticks.cores());
        assertTrue(MachineTicks.parse("intr 1 2 3\n").isEmpty());
    }

    @Test
    void aProcessStatLineIsReadAfterItsNameWhateverTheNameHolds() {
        TaskStat task = TaskStat.parse(
                        "4242 (a) (b c) S 1 4242 4242 0 -1 4194560 10 0 0 0 17 5 3 2 20 0 9 0 " + "123456 1000 10")
                .orElseThrow();
        assertEquals(new TaskStat(4242, "a) (b c", 1, 4194560, 22, 5, 123456), task);
        assertFalse(task.isKernelThread());
        assertTrue(TaskStat.parse("2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 0 0 0 20 0 1 0 2 0 0")
                .orElseThrow()
                .isKernelThread());
        assertTrue(TaskStat.parse("4242 (truncated").isEmpty());
    }

    @Test
    void interruptsAreTheTasksUnlessTheKernelTimesThemApart() {
        assertTrue(IrqAccounting.inTasks("CONFIG_TICK_CPU_ACCOUNTING=y\n# CONFIG_IRQ_TIME_ACCOUNTING is not set\n"));
        assertFalse(IrqAccounting.inTasks("CONFIG_TICK_CPU_ACCOUNTING=y\nCONFIG_IRQ_TIME_ACCOUNTING=y\n"));
    }
}
