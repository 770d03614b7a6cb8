package lab.threads.common;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The server's own view of its {@code /sleep} requests, from the handler having it to the response written: a
 * cumulative HdrHistogram in microseconds ({@code /stats} {@code serverTiming}, compressed so readers can subtract
 * snapshots) and a per-second series ({@code /stats/seconds}). Recording is wait-free ({@link Recorder}); the
 * per-second {@link AtomicHistogram}s are in ms, 2 digits (about 16 KB each), kept {@value #KEPT_SECONDS} s.
 */
final class ServerTiming {
    static final String FROM = "the framework hands the parsed request to the lab's handler";
    static final String TO = "the response has been written to the connection";
    /** 1 hour in microseconds: no request of the lab lasts longer (max sleep 60 s, plus queues). */
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private static final long HIGHEST_MS = HIGHEST_MICROS / 1000;
    static final int KEPT_SECONDS = 900;

    private final Recorder recorder = new Recorder(HIGHEST_MICROS, 3);
    private final Histogram cumulative = new Histogram(HIGHEST_MICROS, 3);
    private final ConcurrentSkipListMap<Long, AtomicHistogram> perSecond = new ConcurrentSkipListMap<>();
    private Histogram interval;

    /**
     * @param receivedNanos {@link System#nanoTime()} when the handler had the request
     * @param respondedNanos {@link System#nanoTime()} when its response had been written
     */
    void record(long receivedNanos, long respondedNanos) {
        long micros = Math.min(HIGHEST_MICROS, Math.max(0, (respondedNanos - receivedNanos) / 1000));
        long second = System.currentTimeMillis() / 1000;
        AtomicHistogram thisSecond = perSecond.get(second);
        if (thisSecond == null) {
            thisSecond = perSecond.computeIfAbsent(second, s -> new AtomicHistogram(HIGHEST_MS, 2));
            perSecond.headMap(second - KEPT_SECONDS).clear();
        }
        thisSecond.recordValue(Math.max(1, micros / 1000));
        // Last: a reader that sees the count grow also finds the response in its second.
        recorder.recordValue(micros);
    }

    /** The {@code serverTiming} object of /stats: cumulative since the server started. */
    synchronized Map<String, Object> snapshot() {
        interval = recorder.getIntervalHistogram(interval);
        cumulative.add(interval);
        Map<String, Object> timing = new LinkedHashMap<>();
        timing.put("from", FROM);
        timing.put("to", TO);
        timing.put("count", cumulative.getTotalCount());
        timing.put("meanMs", millis(cumulative.getTotalCount() == 0 ? 0 : cumulative.getMean()));
        timing.put("p50Ms", millis(cumulative.getValueAtPercentile(50)));
        timing.put("p90Ms", millis(cumulative.getValueAtPercentile(90)));
        timing.put("p99Ms", millis(cumulative.getValueAtPercentile(99)));
        timing.put("p999Ms", millis(cumulative.getValueAtPercentile(99.9)));
        timing.put("maxMs", millis(cumulative.getMaxValue()));
        ByteBuffer buffer = ByteBuffer.allocate(cumulative.getNeededByteBufferCapacity());
        int length = cumulative.encodeIntoCompressedByteBuffer(buffer);
        timing.put("histogram", Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length)));
        return timing;
    }

    /** The {@code seconds} of /stats/seconds: every second with a response, oldest first. */
    List<Map<String, Object>> seconds() {
        List<Map<String, Object>> seconds = new ArrayList<>();
        perSecond.forEach((second, histogram) -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("epochSecond", second);
            row.put("completed", histogram.getTotalCount());
            row.put("p50Ms", histogram.getValueAtPercentile(50));
            row.put("p99Ms", histogram.getValueAtPercentile(99));
            row.put("maxMs", histogram.getMaxValue());
            seconds.add(row);
        });
        return seconds;
    }

    private static double millis(double micros) {
        return Math.round(micros) / 1000.0;
    }
}
