package lab.threads.report.math;

import java.util.Comparator;
import java.util.List;
import lab.threads.report.raw.ServerMemorySecond;

/**
 * What the server's memory grew by per request in flight, from its own once-a-second /stats, for a plan that forces
 * no collection (a hold plan's {@link MemoryPerRequest} fits the resident set after forced ones instead):
 *
 * <pre>
 * footprint = live heap + (RSS - heap committed)
 * bytes per request = (footprint at the peak - footprint at the baseline) / requests in flight at the peak
 * </pre>
 *
 * <p>The baseline is the first second before the load (the idle server); the peak the first second with the most
 * requests in flight. The live heap ({@link ServerMemorySecond#liveHeapBytes}: after the JVM's own latest collection)
 * counts what the requests keep reachable;
 * the resident set outside the heap counts the native memory they take, the platform threads' stacks among it. The
 * heap committed but not live does not count: how far a JVM lets its heap grow between collections follows its heap
 * settings (the same for every server), not what a request costs.
 *
 * @param peakInFlight    the requests in flight at the second the growth is read
 * @param bytesPerRequest the footprint's growth over the baseline, per one of them
 */
public record InFlightMemory(long peakInFlight, double bytesPerRequest) {

    /**
     * @param loadStartMs when the first request started (epoch ms); null when none did
     * @return null without a snapshot before the load, or without a request in flight at any snapshot
     */
    public static InFlightMemory of(List<ServerMemorySecond> seconds, Long loadStartMs) {
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
        if (baseline == null || peak == null || peak.inFlight() <= 0) {
            return null;
        }
        return new InFlightMemory(peak.inFlight(), (double) (footprint(peak) - footprint(baseline)) / peak.inFlight());
    }

    /** The live heap plus the resident set outside the heap. */
    private static long footprint(ServerMemorySecond second) {
        return second.liveHeapBytes() + second.rssBytes() - second.heapCommittedBytes();
    }
}
