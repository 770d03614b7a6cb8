package lab.threads.report.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.IntToLongFunction;
import lab.threads.model.samples.Sample;
import lab.threads.model.summary.Percentiles;
import lab.threads.run.PlanShape;

/** Buckets one server's samples per second for the charts, by end and by start, kept compact until asked. */
final class SampleTimeline implements Consumer<Sample> {

    private int count;
    private long[] ends = new long[1024];
    private long[] elapsed = new long[1024];
    private int[] users = new int[1024];
    private final BitSet failed = new BitSet();
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;

    /** Per-second counts, failures and latency of the samples put in each second. */
    private record Buckets(int[] samples, int[] errors, int[] maxUsers, Percentiles[] percentiles) {}

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
        Buckets byEnd = bucket(i -> ends[i], length);
        List<SampleSecond> seconds = new ArrayList<>(length);
        for (int second = 0; second < length; second++) {
            Percentiles percentiles = byEnd.percentiles()[second];
            seconds.add(
                    percentiles == null
                            ? new SampleSecond(second, 0, 0, null, null, null)
                            : new SampleSecond(
                                    second,
                                    byEnd.samples()[second],
                                    byEnd.errors()[second],
                                    percentiles.p50(),
                                    percentiles.p99(),
                                    byEnd.maxUsers()[second]));
        }
        return seconds;
    }

    /** An open plan's seconds by arrival, up to the schedule's end, so seconds the client fell silent still show. */
    List<ArrivalSecond> arrivalSeconds(PlanShape plan, long scheduleStartMs) {
        if (count == 0 || !(plan instanceof PlanShape.Open open)) {
            return List.of();
        }
        long[] starts = new long[count];
        Arrays.setAll(starts, i -> ends[i] - elapsed[i]);
        long scheduleEnd = scheduleStartMs + Math.round(open.scheduleSeconds() * 1000);
        int length = Math.max(secondOf(Arrays.stream(starts).max().orElseThrow()) + 1, (int)
                Math.ceil((scheduleEnd - firstStart) / 1000.0));
        Buckets byStart = bucket(i -> starts[i], length);
        long[] sortedStarts = starts.clone();
        Arrays.sort(sortedStarts);
        long[] sortedEnds = Arrays.copyOf(ends, count);
        Arrays.sort(sortedEnds);
        double offset = (firstStart - scheduleStartMs) / 1000.0;
        List<ArrivalSecond> seconds = new ArrayList<>(length);
        for (int second = 0; second < length; second++) {
            long secondEnd = firstStart + (second + 1) * 1000L;
            Percentiles percentiles = byStart.percentiles()[second];
            seconds.add(new ArrivalSecond(
                    second,
                    open.offeredArrivals(offset + second, offset + second + 1),
                    byStart.samples()[second],
                    byStart.errors()[second],
                    percentiles == null ? null : percentiles.p50(),
                    percentiles == null ? null : percentiles.p99(),
                    atOrBefore(sortedStarts, secondEnd) - atOrBefore(sortedEnds, secondEnd)));
        }
        return seconds;
    }

    /** Puts each sample in the second of {@code time(i)}; seconds outside 0..length-1 are left out. */
    private Buckets bucket(IntToLongFunction time, int length) {
        int[] samples = new int[length];
        int[] second = new int[count];
        for (int i = 0; i < count; i++) {
            second[i] = secondOf(time.applyAsLong(i));
            if (second[i] < length) {
                samples[second[i]]++;
            }
        }
        long[][] elapsedBySecond = new long[length][];
        Arrays.setAll(elapsedBySecond, s -> new long[samples[s]]);
        int[] filled = new int[length];
        int[] errors = new int[length];
        int[] maxUsers = new int[length];
        for (int i = 0; i < count; i++) {
            int s = second[i];
            if (s < length) {
                elapsedBySecond[s][filled[s]++] = elapsed[i];
                errors[s] += failed.get(i) ? 1 : 0;
                maxUsers[s] = Math.max(maxUsers[s], users[i]);
            }
        }
        Percentiles[] percentiles = new Percentiles[length];
        Arrays.setAll(percentiles, s -> samples[s] == 0 ? null : Percentiles.ofUnsorted(elapsedBySecond[s]));
        return new Buckets(samples, errors, maxUsers, percentiles);
    }

    /** How many of the sorted times are at or before {@code time}. */
    private static int atOrBefore(long[] sorted, long time) {
        int index = Arrays.binarySearch(sorted, time);
        if (index < 0) {
            return -index - 1;
        }
        while (index + 1 < sorted.length && sorted[index + 1] == time) {
            index++;
        }
        return index + 1;
    }

    private int secondOf(long epochMs) {
        return (int) ((epochMs - firstStart) / 1000);
    }
}
