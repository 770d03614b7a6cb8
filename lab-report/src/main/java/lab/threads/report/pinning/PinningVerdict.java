package lab.threads.report.pinning;

import java.util.Locale;
import lab.threads.run.PinningProbe;

/**
 * What one probe says of its wait kind on virtual threads. The throughput decides first: a wait that keeps less than
 * {@value #KEPT_PERCENT}% of the ideal and falls to about carriers / wait (at most {@value #PINNED_FACTOR} times it; on
 * 2 cores 1% of the ideal for 200 requests) held its carriers; one that falls short of the ideal but stays far above
 * carriers / wait was slowed by the operation's own cost or the machine, not by pinning (slow); one that keeps it did
 * so either on the scheduler's own carriers (friendly) or by starting more, at least one for every twenty requests
 * (compensates). Pinned events are the JVM's evidence, not the verdict: a thread blocked in a system call or in
 * native code never parks, so it is never reported pinned, yet it holds its carrier all the same.
 */
public enum PinningVerdict {
    FRIENDLY("friendly"),
    COMPENSATES("compensates"),
    PINS("pins"),
    /** Short of the ideal, far above carriers / wait: the operation or the machine was slow, the carriers were free. */
    SLOW("slow, not pinned"),
    FAILED("failed"),
    /** The cached pool: a platform thread per waiting request, whatever the wait. */
    PLATFORM("platform reference");

    /** The share of the ideal throughput below which the probe counts as collapsed. */
    public static final double KEPT_PERCENT = 50;

    /**
     * How far above carriers / wait a collapsed throughput may be and still count as pinned: carriers turn over a
     * little faster than the wait, never twice as fast.
     */
    public static final double PINNED_FACTOR = 2;

    /**
     * Extra carriers per request from which the scheduler counts as compensating: one or two start now and then anyway
     * (a class initialiser, the JIT).
     */
    public static final double EXTRA_CARRIERS_PER_REQUEST = 0.05;

    private final String words;

    PinningVerdict(String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }

    public static PinningVerdict of(PinningProbe probe) {
        if (probe.failed() > probe.requests() / 10) {
            return FAILED;
        }
        if (!probe.virtual()) {
            return PLATFORM;
        }
        if (probe.percentOfIdeal() < KEPT_PERCENT) {
            return probe.perSecond() <= PINNED_FACTOR * probe.pinnedPerSecond() ? PINS : SLOW;
        }
        int extraCarriers = probe.carriers() - probe.parallelism();
        return extraCarriers >= Math.max(2, EXTRA_CARRIERS_PER_REQUEST * probe.requests()) ? COMPENSATES : FRIENDLY;
    }

    /** The figures behind the verdict, in a few words. */
    public static String evidence(PinningProbe probe) {
        String throughput = String.format(
                Locale.ROOT,
                "%.1f%% of ideal (%s req/s of %s)",
                probe.percentOfIdeal(),
                rate(probe.perSecond()),
                rate(probe.idealPerSecond()));
        String pinned = probe.pinnedEvents() + " pinned events";
        String carriers = probe.carriers() < 0
                ? "carriers unknown"
                : probe.carriers() + " carriers (parallelism " + probe.parallelism() + ")";
        return switch (of(probe)) {
            case FRIENDLY -> throughput + ", " + carriers + ", " + pinned;
            case COMPENSATES -> throughput + " on " + carriers + ", " + pinned;
            case PINS ->
                throughput + ", carriers / wait = " + rate(probe.pinnedPerSecond()) + " req/s, " + pinned
                        + (probe.nativeSamples() > 0 ? ", " + probe.nativeSamples() + " samples in native code" : "");
            case SLOW ->
                throughput + ", far above carriers / wait = " + rate(probe.pinnedPerSecond()) + " req/s, " + carriers
                        + ", " + pinned;
            case FAILED ->
                probe.failed() + " of " + probe.requests() + " requests failed"
                        + (probe.firstFailure() == null ? "" : " (the first: " + probe.firstFailure() + ")");
            case PLATFORM -> throughput + ", " + probe.peakOsThreads() + " OS threads";
        };
    }

    private static String rate(double perSecond) {
        return String.format(Locale.ROOT, perSecond >= 10 ? "%.0f" : "%.1f", perSecond);
    }
}
