package lab.threads.jmeter;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.client.ClientStats;
import lab.threads.process.GcPauses;

/**
 * The forked JMeter's own health, once a second, in {@code client-stats.jsonl} beside the .jtl ({@link ClientStats}
 * writes the lines every client shares), with JMeter's counts:
 *
 * <ul>
 *   <li>{@code samplesStarted} samplers entered ({@link SampleCounter} as a SampleMonitor), {@code samplesCompleted}
 *       and {@code errors} samples the listeners got (the .jtl's rows), {@code samplesInFlight} their difference,
 *       {@code activeUsers} JMeter users alive.
 * </ul>
 * In a distributed run ({@code --workers}) the users run on the workers: each line says {@code "distributed": true}
 * and describes this controller JVM only; the samples and users are the workers' as reported here (the users as
 * their samples counted them, {@link SampleCounter#activeUsers}), and
 * {@code samplesStarted}/{@code samplesInFlight} are left out, as the workers report no sample starting.
 */
final class ClientStatsRecorder {

    private final ClientStats stats;
    private final boolean distributed;

    /**
     * Nothing is written before {@link #start}.
     *
     * @param jtl         the run's .jtl: the file goes beside it
     * @param distributed whether the users run on remote workers
     * @param gcPauses    this JVM's pauses, watched from its start
     */
    ClientStatsRecorder(Path jtl, boolean distributed, GcPauses gcPauses) {
        this.stats = new ClientStats(jtl, "jmeter-main", gcPauses);
        this.distributed = distributed;
    }

    /**
     * Writes the first line now, then one a second.
     *
     * @param engineStartNanos {@link System#nanoTime()} when the engine starts, {@code elapsedMs} 0
     */
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
