package lab.threads.process;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What survives a collection is counted whole, the old generation included, after young collections too. */
class HeapAfterGcTest {
    private static final int KEPT_MB = 40;

    @Test
    void theHeapAfterACollectionHoldsWhatTheProgramStillReferences() throws InterruptedException {
        HeapAfterGc.watch();
        List<byte[]> kept = new ArrayList<>();
        for (int i = 0; i < KEPT_MB * 4; i++) {
            kept.add(new byte[256 * 1024]);
        }
        // Garbage until young collections have run (no System.gc(): that would be a full one); notifications come
        // on a JMX thread, shortly after each.
        long deadline = System.nanoTime() + 10_000_000_000L;
        long garbage = 0;
        while (HeapAfterGc.latest() < KEPT_MB * 1024L * 1024 && System.nanoTime() < deadline) {
            for (int i = 0; i < 1_000; i++) {
                garbage += new byte[64 * 1024].length;
            }
            Thread.sleep(1);
        }
        assertTrue(
                HeapAfterGc.latest() >= KEPT_MB * 1024L * 1024,
                "after GC: " + HeapAfterGc.latest() / 1024 / 1024 + " MB, " + kept.size() / 4 + " MB still referenced, "
                        + garbage / 1024 / 1024 + " MB of garbage made");
    }
}
