package lab.threads.report.math;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import lab.threads.model.samples.Sample;
import lab.threads.model.summary.Percentiles;

/** The samples by the wall-clock second they started and ended in, for any stretch's figures. */
public final class SecondBuckets implements Consumer<Sample> {

    private final TreeMap<Long, Bucket> byStart = new TreeMap<>();
    private final TreeMap<Long, Bucket> byEnd = new TreeMap<>();

    /** The samples of one second: how many, how many failed, and each one's elapsed ms. */
    public static final class Bucket {
        private long errors;
        private final List<Long> elapsed = new ArrayList<>();

        void add(Sample sample) {
            elapsed.add(sample.elapsed());
            errors += sample.success() ? 0 : 1;
        }
    }

    @Override
    public void accept(Sample sample) {
        add(byStart, sample, Sample::timeStamp);
        add(byEnd, sample, Sample::endTime);
    }

    private static void add(TreeMap<Long, Bucket> buckets, Sample sample, ToLongFunction<Sample> at) {
        buckets.computeIfAbsent(Math.floorDiv(at.applyAsLong(sample), 1000), any -> new Bucket())
                .add(sample);
    }

    /** The samples that started from {@code fromMs} (inclusive) to {@code toMs} (exclusive), to the second. */
    public Stretch started(long fromMs, long toMs) {
        return Stretch.of(byStart.subMap(Math.floorDiv(fromMs, 1000), Math.floorDiv(toMs, 1000))
                .values());
    }

    /** The samples that ended in the wall-clock second {@code epochSecond}. */
    public Stretch endedIn(long epochSecond) {
        Bucket bucket = byEnd.get(epochSecond);
        return Stretch.of(bucket == null ? List.of() : List.of(bucket));
    }

    /**
     * Samples taken together: their count, failures and p99 (0 when none). The p99 is {@link Percentiles}' rule, JMeter's
     * nearest rank, so a stretch's p99 and a whole run's are ranked alike.
     */
    public record Stretch(long samples, long errors, long p99Ms) {

        static Stretch of(Collection<Bucket> buckets) {
            long[] elapsed = buckets.stream()
                    .flatMap(bucket -> bucket.elapsed.stream())
                    .mapToLong(Long::longValue)
                    .toArray();
            long errors = buckets.stream().mapToLong(bucket -> bucket.errors).sum();
            return new Stretch(
                    elapsed.length, errors, Percentiles.ofUnsorted(elapsed).p99());
        }

        public double errorPercent() {
            return samples == 0 ? 0 : 100.0 * errors / samples;
        }
    }
}
