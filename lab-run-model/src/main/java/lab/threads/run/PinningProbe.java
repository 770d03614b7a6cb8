package lab.threads.run;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One probe: {@code requests} concurrent {@code GET /sleep?ms=waitMs&how=kind} sent at once to one server on one JDK,
 * waited for until a deadline. Each figure names its side: the probe client counted the answers and the time, the
 * server its own p99, the kernel its threads, the server's JVM (JFR) its carriers and pinned events.
 *
 * @param virtual whether the server runs its requests on virtual threads (else: the platform reference)
 * @param jdk the server's JDK as it says ({@code Runtime.version()}), {@code jdkFeature} its feature release
 * @param failed other answers and errors before the deadline (client)
 * @param elapsedMs from the first request sent to the last answer, or to the deadline if some still waited (client)
 * @param parallelism the virtual-thread scheduler's carriers by default: the server's available processors
 * @param carriers carrier threads the server's JVM started (JFR {@code jdk.ThreadStart}, {@code CarrierThreads}); -1
 *     when unknown
 * @param peakOsThreads the server process's threads at most, sampled from {@code /proc} every 50 ms (kernel)
 * @param serverP99Ms the server's own p99 of the answered requests, the warm-up left out; null when none answered
 * @param pinnedEvents JFR {@code jdk.VirtualThreadPinned} events (a virtual thread parked while pinned)
 * @param pinnedTop the most frequent top frames of those events, with their count; empty when none
 * @param nativeSamples JFR {@code jdk.NativeMethodSample}s of a thread in the wait, inside native code
 * @param nativeTop the most frequent top frame of those samples; empty when none
 * @param firstFailure what the first failed request got (an HTTP status, or the client's exception); null when none
 *     failed, or in a pinning.json from before it was kept
 */
public record PinningProbe(
        String server,
        boolean virtual,
        String jdk,
        int jdkFeature,
        String kind,
        int requests,
        long waitMs,
        int completed,
        int failed,
        long elapsedMs,
        int parallelism,
        int carriers,
        int peakOsThreads,
        Double serverP99Ms,
        int pinnedEvents,
        String pinnedTop,
        int nativeSamples,
        String nativeTop,
        @JsonInclude(JsonInclude.Include.NON_NULL) String firstFailure) {

    /** Every request at once, each taking the wait: all answered after one wait. */
    public double idealPerSecond() {
        return requests * 1000.0 / waitMs;
    }

    /** If the waits pinned every carrier: one request per carrier per wait. */
    public double pinnedPerSecond() {
        return parallelism * 1000.0 / waitMs;
    }

    public double perSecond() {
        return elapsedMs <= 0 ? 0 : completed * 1000.0 / elapsedMs;
    }

    public double percentOfIdeal() {
        return 100 * perSecond() / idealPerSecond();
    }
}
