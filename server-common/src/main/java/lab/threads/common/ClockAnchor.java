package lab.threads.common;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The wall clock (epoch microseconds) at one {@link System#nanoTime()} reading, so later monotonic readings convert to
 * epoch times comparable with another process's (the client's).
 * <p>
 * <p>Guarantee: off by at most half the narrowest bracket, not by however long the thread was descheduled: {@link #now}
 * reads the wall clock between two monotonic reads a few times and keeps the narrowest bracket's middle.
 */
public record ClockAnchor(long epochMicros, long nanos) {
    private static final int TRIES = 5;

    /** Anchors now. */
    public static ClockAnchor now() {
        ClockAnchor best = null;
        long narrowest = Long.MAX_VALUE;
        for (int i = 0; i < TRIES; i++) {
            long before = System.nanoTime();
            Instant wall = Instant.now();
            long after = System.nanoTime();
            if (after - before < narrowest) {
                narrowest = after - before;
                best = new ClockAnchor(ChronoUnit.MICROS.between(Instant.EPOCH, wall), before + (after - before) / 2);
            }
        }
        return best;
    }

    /** The epoch microseconds of a {@link System#nanoTime()} reading of this JVM. */
    public long epochMicros(long nanoTime) {
        return epochMicros + (nanoTime - nanos) / 1000;
    }
}
