package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import lab.threads.model.samples.Sample;
import org.junit.jupiter.api.Test;

/** A stretch's p99 ranks its samples as a whole run's does: JMeter's nearest rank, round(count x 0.99). */
class SecondBucketsTest {

    private static final long START_MS = 1_800_000_000_000L;

    private final SecondBuckets buckets = new SecondBuckets();

    /** Samples of 1, 2, ... {@code count} ms, all starting in the first second and ending in it. */
    private void samplesOfOneToCount(int count) {
        for (int elapsed = 1; elapsed <= count; elapsed++) {
            buckets.accept(new Sample(START_MS, elapsed, "200", "", true, 0, 0, 1, 0, null, null));
        }
    }

    @Test
    void p99OfSixtySamplesIsTheFiftyNinthNotTheLargest() {
        samplesOfOneToCount(60);

        // 60 x 0.99 = 59.4: JMeter rounds it to rank 59, the sample of 59 ms. Rounding up would give rank 60, 60 ms.
        assertEquals(59, buckets.started(START_MS, START_MS + 1000).p99Ms());
        assertEquals(59, buckets.endedIn(Math.floorDiv(START_MS, 1000)).p99Ms());
    }

    @Test
    void p99OfFortySamplesRoundsUpToTheLargest() {
        samplesOfOneToCount(40);

        // 40 x 0.99 = 39.6: rank 40, the sample of 40 ms.
        assertEquals(40, buckets.started(START_MS, START_MS + 1000).p99Ms());
    }

    @Test
    void noSamplesHaveAP99OfZero() {
        SecondBuckets.Stretch none = buckets.started(START_MS, START_MS + 1000);

        assertEquals(0, none.samples());
        assertEquals(0, none.p99Ms());
    }
}
