package lab.threads.report.math;

import java.util.Comparator;
import java.util.List;
import lab.threads.report.raw.ServerMemorySecond;

/**
 * What the server's memory grew by per request in flight, from its own /stats, for a plan that forces no collection (a
 * hold plan's {@link MemoryPerRequest} fits the resident set after forced ones instead):
 *
 * <pre>
 * footprint = live heap + (RSS - heap committed)
 * bytes per request = (footprint at the peak - footprint at the baseline) / requests in flight at the peak
 * </pre>
 *
 * <p>The baseline is the first second before the load, the peak the first second with the most requests in flight. The
 * heap committed but not live does not count: how far a JVM lets its heap grow follows its heap settings, not what a
 * request costs. A peak reading that holds less than half of the most the server itself counted in flight gives none:
 * its /stats did not answer near its peak (a server short of CPU), and the memory read then is another moment's,
 * divided by a fraction of the requests that made it. A footprint that did not grow gives none too: the baseline's
 * heap in use, before the first collection, held more garbage than the requests in flight held memory.
 */
public record InFlightMemory(long peakInFlight, double bytesPerRequest) {

    /**
     * @param serverPeakInFlight the most requests the server itself counted at once ({@link
     *     lab.threads.report.raw.ServerStatsPeaks#peakInFlight}); null where it gives none
     * @return null without a snapshot before the load, or without a request in flight at any snapshot
     */
    public static InFlightMemory of(List<ServerMemorySecond> seconds, Long loadStartMs, Long serverPeakInFlight) {
        if (loadStartMs == null) {
            return null;
        }
        ServerMemorySecond baseline = seconds.stream()
                .filter(second -> second.sampledAtMs() < loadStartMs)
                .findFirst()
                .orElse(null);
        ServerMemorySecond peak = seconds.stream()
                .max(Comparator.comparingLong(ServerMemorySecond::inFlight))
                .orElse(null);
        long ownPeak = serverPeakInFlight == null ? 0 : serverPeakInFlight;
        if (baseline == null || peak == null || peak.inFlight() <= 0 || 2 * peak.inFlight() < ownPeak) {
            return null;
        }
        long growth = footprint(peak) - footprint(baseline);
        return growth <= 0 ? null : new InFlightMemory(peak.inFlight(), (double) growth / peak.inFlight());
    }

    private static long footprint(ServerMemorySecond second) {
        return second.liveHeapBytes() + second.rssBytes() - second.heapCommittedBytes();
    }
}
