package lab.threads.jmeter;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.client.ClientStats;
import lab.threads.process.GcPauses;

/**
 * The forked JMeter's own health, once a second, in {@code client-stats.jsonl} ({@link ClientStats}), with JMeter's
 * counts: {@code samplesStarted} ({@link SampleCounter} as a SampleMonitor), {@code samplesCompleted} and {@code
 * errors} (the .jtl's rows), {@code samplesInFlight} their difference, {@code activeUsers}. In a distributed run each
 * line says {@code "distributed": true} and describes this controller JVM; the samples and users are the workers'
 * ({@link SampleCounter#activeUsers}), without started or in-flight counts.
 */
final class ClientStatsRecorder {

    private final ClientStats stats;
    private final boolean distributed;

    /** Nothing is written before {@link #start}; the file goes beside {@code jtl}. */
    ClientStatsRecorder(Path jtl, boolean distributed, GcPauses gcPauses) {
        this.stats = new ClientStats(jtl, "jmeter-main", gcPauses);
        this.distributed = distributed;
    }

    /** Writes the first line now, then one a second, {@code elapsedMs} counted from {@code engineStartNanos}. */
    void start(SampleCounter samples, long engineStartNanos) {
        stats.start(() -> counts(samples), engineStartNanos);
    }

    /** Writes the last line, closes the file, ends the GC watch; again, or before {@link #start}, does nothing. */
    void stop() {
        stats.stop();
    }

    private Map<String, Object> counts(SampleCounter counter) {
        Map<String, Object> line = new LinkedHashMap<>();
        // Completed first: a sample is counted started before it is counted completed, so reading in this order
        // never shows more completed than started.
        long completed = counter.samples();
        long errors = counter.errors();
        if (!distributed) {
            long started = counter.samplesStarted();
            line.put("samplesStarted", started);
            line.put("samplesCompleted", completed);
            line.put("samplesInFlight", started - completed);
        } else {
            line.put("samplesCompleted", completed);
        }
        line.put("errors", errors);
        line.put("activeUsers", counter.activeUsers());
        if (distributed) {
            line.put("distributed", true);
        }
        return line;
    }
}
