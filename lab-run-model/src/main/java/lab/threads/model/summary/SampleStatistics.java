package lab.threads.model.summary;

import java.util.Arrays;
import java.util.function.Consumer;
import lab.threads.model.samples.Sample;

/**
 * Accumulates JMeter's Summary Report numbers as {@code org.apache.jmeter.util.Calculator} does, its sums doubles as
 * there, so the standard deviation comes out bit for bit the same; elapsed times kept in a primitive array for exact
 * percentiles.
 */
public final class SampleStatistics implements Consumer<Sample> {

    private long count;
    private long errors;
    private double sum;
    private double sumOfSquares;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long bytes;
    private long sentBytes;
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private int peakAllThreads;
    private long[] elapsed = new long[1024];

    @Override
    public void accept(Sample sample) {
        long value = sample.elapsed();
        if (count == elapsed.length) {
            elapsed = Arrays.copyOf(elapsed, elapsed.length * 2);
        }
        elapsed[(int) count++] = value;
        sum += value;
        sumOfSquares += (double) value * value;
        min = Math.min(min, value);
        max = Math.max(max, value);
        if (!sample.success()) {
            errors++;
        }
        bytes += sample.bytes();
        sentBytes += sample.sentBytes();
        firstStart = Math.min(firstStart, sample.timeStamp());
        lastEnd = Math.max(lastEnd, sample.endTime());
        peakAllThreads = Math.max(peakAllThreads, sample.allThreads());
    }

    public SummaryReportRow summaryReportRow() {
        if (count == 0) {
            return new SummaryReportRow(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        }
        double mean = sum / count;
        return new SummaryReportRow(
                count,
                mean,
                min,
                max,
                Math.sqrt(sumOfSquares / count - mean * mean),
                100.0 * errors / count,
                perSecond(count),
                perSecond(bytes) / 1024,
                perSecond(sentBytes) / 1024,
                bytes > 0 ? (double) bytes / count : 0);
    }

    public Percentiles percentiles() {
        return count == 0 ? Percentiles.NONE : Percentiles.ofUnsorted(Arrays.copyOf(elapsed, (int) count));
    }

    /** The most users JMeter had running at once (its allThreads column). */
    public int peakUsersInFlight() {
        return peakAllThreads;
    }

    /** Per second of the span from the first sample's start to the last sample's end, as JMeter divides. */
    private double perSecond(long value) {
        long span = lastEnd - firstStart;
        return span > 0 ? value / ((double) span / 1000) : 0;
    }
}
