package lab.threads.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Buckets one server's samples per second of its run, for the charts. Second 0 starts at the first sample start,
 * which is known only at the end of the file (JMeter writes samples in end order), so each sample is kept as three
 * primitives and a bit (about 20 bytes: 240,000 samples cost under 5 MB) and bucketed when asked.
 */
final class SampleTimeline implements Consumer<Sample> {

    private int count;
    private long[] ends = new long[1024];
    private long[] elapsed = new long[1024];
    private int[] users = new int[1024];
    private final BitSet failed = new BitSet();
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;

    @Override
    public void accept(Sample sample) {
        if (count == ends.length) {
            ends = Arrays.copyOf(ends, count * 2);
            elapsed = Arrays.copyOf(elapsed, count * 2);
            users = Arrays.copyOf(users, count * 2);
        }
        ends[count] = sample.endTime();
        elapsed[count] = sample.elapsed();
        users[count] = sample.allThreads();
        failed.set(count, !sample.success());
        count++;
        firstStart = Math.min(firstStart, sample.timeStamp());
        lastEnd = Math.max(lastEnd, sample.endTime());
    }

    /** The first sample's start, epoch ms: second 0 of every series of this server; empty when there were none. */
    OptionalLong runStartMs() {
        return count == 0 ? OptionalLong.empty() : OptionalLong.of(firstStart);
    }

    /** Every second from 0 to the last sample's end, including those where nothing ended (throughput 0). */
    List<SampleSecond> seconds() {
        if (count == 0) {
            return List.of();
        }
        int length = secondOf(lastEnd) + 1;
        int[] samples = new int[length];
        for (int i = 0; i < count; i++) {
            samples[secondOf(ends[i])]++;
        }
        long[][] elapsedBySecond = new long[length][];
        for (int second = 0; second < length; second++) {
            elapsedBySecond[second] = new long[samples[second]];
        }
        int[] filled = new int[length];
        int[] errors = new int[length];
        int[] maxUsers = new int[length];
        for (int i = 0; i < count; i++) {
            int second = secondOf(ends[i]);
            elapsedBySecond[second][filled[second]++] = elapsed[i];
            errors[second] += failed.get(i) ? 1 : 0;
            maxUsers[second] = Math.max(maxUsers[second], users[i]);
        }
        List<SampleSecond> seconds = new ArrayList<>(length);
        for (int second = 0; second < length; second++) {
            if (samples[second] == 0) {
                seconds.add(new SampleSecond(second, 0, 0, null, null, null));
            } else {
                Percentiles percentiles = Percentiles.ofUnsorted(elapsedBySecond[second]);
                seconds.add(new SampleSecond(second, samples[second], errors[second],
                        percentiles.p50(), percentiles.p99(), maxUsers[second]));
            }
        }
        return seconds;
    }

    private int secondOf(long epochMs) {
        return (int) ((epochMs - firstStart) / 1000);
    }
}
