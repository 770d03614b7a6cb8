package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class ClockAnchorTest {
    /**
     * A monotonic reading converts to a wall time between two wall readings taken around it (and 1 ms either side for
     * the clocks' granularity): a pause of the test's thread only widens the bracket, it cannot fail the check.
     */
    @Test
    void aMonotonicReadingConvertsToTheWallClockAroundIt() throws InterruptedException {
        ClockAnchor anchor = ClockAnchor.now();
        Thread.sleep(50); // later readings, not the anchor's own
        for (int i = 0; i < 20; i++) {
            long before = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
            long converted = anchor.epochMicros(System.nanoTime());
            long after = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
            assertTrue(
                    converted >= before - 1_000 && converted <= after + 1_000,
                    "converted " + converted + " outside [" + before + ", " + after + "] by more than 1 ms");
        }
    }
}
