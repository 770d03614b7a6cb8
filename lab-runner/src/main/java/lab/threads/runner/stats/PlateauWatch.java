package lab.threads.runner.stats;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * When a hold plan's next plateau is reached: the requests in flight reach the step's held users, or stop rising for
 * {@link #STEADY} while half a step above the last plateau (a server that refuses some holds fewer).
 */
public final class PlateauWatch {
    /** Long enough for a ramp's pause between two users to pass, short enough to read within a step's plateau. */
    public static final Duration STEADY = Duration.ofSeconds(2);

    private final List<Integer> heldByStep;
    private int next = 1;
    private int lastRead;
    private int steadyAt = -1;
    private long steadySinceNanos;

    public PlateauWatch(List<Integer> heldByStep) {
        this.heldByStep = List.copyOf(heldByStep);
    }

    /** Whether every step's plateau has been read. */
    public boolean done() {
        return next > heldByStep.size();
    }

    /** The requests step {@code step} (from 1) was to hold. */
    public int expected(int step) {
        return heldByStep.get(step - 1);
    }

    /** @return the step whose plateau this is, to read now; empty while the step is still rising */
    public Optional<Integer> observe(int inFlight, long nowNanos) {
        if (done()) {
            return Optional.empty();
        }
        if (inFlight != steadyAt) {
            steadyAt = inFlight;
            steadySinceNanos = nowNanos;
        }
        int expected = expected(next);
        int halfStep = (expected - (next == 1 ? 0 : expected(next - 1))) / 2;
        boolean reached = inFlight >= expected;
        boolean settled = nowNanos - steadySinceNanos >= STEADY.toNanos() && inFlight > lastRead + halfStep;
        if (!reached && !settled) {
            return Optional.empty();
        }
        lastRead = inFlight;
        return Optional.of(next++);
    }
}
