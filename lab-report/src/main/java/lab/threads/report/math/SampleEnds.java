package lab.threads.report.math;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import lab.threads.model.samples.Sample;

/** Samples recorded as ending in each wall-clock second, beside the server's own count, for the client's stalls. */
public final class SampleEnds implements Consumer<Sample> {

    private final Map<Long, Integer> perSecond = new HashMap<>();
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long successes;
    private long count;

    @Override
    public void accept(Sample sample) {
        perSecond.merge(Math.floorDiv(sample.endTime(), 1000), 1, Integer::sum);
        firstStart = Math.min(firstStart, sample.timeStamp());
        lastEnd = Math.max(lastEnd, sample.endTime());
        successes += sample.success() ? 1 : 0;
        count++;
    }

    public int in(long epochSecond) {
        return perSecond.getOrDefault(epochSecond, 0);
    }

    public boolean isEmpty() {
        return perSecond.isEmpty();
    }

    /** The first sample's start, epoch ms: second 0 of the run's time axis. */
    public long firstStart() {
        return firstStart;
    }

    public long lastEnd() {
        return lastEnd;
    }

    public long successes() {
        return successes;
    }

    public long count() {
        return count;
    }
}
