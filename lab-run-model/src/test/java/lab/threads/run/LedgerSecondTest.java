package lab.threads.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The busy time the parts are held against, and what no part explains, counted by hand. */
class LedgerSecondTest {

    /** 2 cores over 1,000 ms: busy ticks 1,500, idle 300, so 200 ms ran uncounted by the ticks. */
    private static LedgerSecond line(long busyMs, long idleMs, long irqMs, boolean irqInTasks) {
        return new LedgerSecond(
                1_000_000L, 1_000, 2, busyMs, idleMs, 700, 600, 50, 30, 20, 10, 100, irqMs, irqInTasks, List.of());
    }

    @Test
    void theBusyTimeIsTheWallLessIdleWhenTheTicksMissedSome() {
        LedgerSecond line = line(1_500, 300, 40, true);

        assertEquals(2 * 1_000 - 300, line.busyOfWallMs());
        // 1,700 less server 700, client 600, lab 50 + 30, kernel 20, steal 10, other 100; the irq is in the tasks.
        assertEquals(1_700 - 700 - 600 - 80 - 20 - 10 - 100, line.unattributedMs());
    }

    @Test
    void theTicksStandWhenTheyCountMoreThanTheWallLessIdle() {
        LedgerSecond line = line(1_900, 300, 40, false);

        assertEquals(1_900, line.busyOfWallMs());
        // The interrupts are a part of their own where the kernel does not charge them to the tasks.
        assertEquals(1_900 - 700 - 600 - 80 - 20 - 10 - 100 - 40, line.unattributedMs());
    }
}
