package lab.threads.report.raw;

import java.util.List;

/**
 * What one JVM's recording ({@code --profile}) says it did, from its start to its exit.
 *
 * @param recordedSeconds from the recording's first event to its last, the JVM's own events only
 * @param topPinnedStack  the site of most of its pins; null without pins
 */
public record JvmCounts(
        double recordedSeconds,
        long cpuSamples,
        List<HotFrame> hotFrames,
        long threadsStarted,
        long virtualThreadsStarted,
        long pinned,
        double pinnedMs,
        PinnedStack topPinnedStack,
        long submitFailed,
        long collections,
        double gcPauseMs,
        double longestGcPauseMs,
        double allocationMbPerSecond,
        long safepoints,
        double safepointMs) {

    /** A frame and the CPU samples it was the top of ("self"), as a share of all of them. */
    public record HotFrame(String frame, long samples, double percent) {}

    /**
     * A pin site: the first method outside the JDK that blocked while pinned, for one reason.
     *
     * @param frames the first pin's frames outside the JDK, innermost first (the JDK's own when there are none)
     */
    public record PinnedStack(String reason, long pins, List<String> frames) {}
}
