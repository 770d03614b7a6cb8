package lab.threads.runner.jmeter;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.common.ProcessMetrics;
import lab.threads.report.raw.RunFolder;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * The forked JMeter's own health, once a second, in {@code client-stats.jsonl} beside the .jtl: on a machine whose
 * cores JMeter shares with the server under test, a stalled client looks like a slow server unless its own CPU,
 * pauses and samples in flight are on the same time axis. One JSON object a line, flushed as written, from just
 * before the engine starts ({@code elapsedMs} 0) to one last line once it has ended (or on SIGTERM, best effort):
 *
 * <pre>{@code {"sampledAtMs", "elapsedMs", "cpuUserMs", "cpuSystemMs", "rssBytes", "osThreads", "platformThreads",
 *  "heapUsedBytes", "openFiles", "maxOpenFiles", "gcPauseMs", "gcPauses", "gcMaxPauseMs", "samplesStarted", "samplesCompleted",
 *  "samplesInFlight", "errors", "activeUsers", "machineCpuBusyMs", "machineCpuTotalMs", "cores"}}</pre>
 *
 * <ul>
 *   <li>{@code sampledAtMs} epoch ms; {@code elapsedMs} since the engine started (the clock of the progress lines);
 *   <li>{@code cpuUserMs}, {@code cpuSystemMs} this process's CPU time since the JVM started (getrusage), RSS, OS
 *       threads (all, not only Java's), live platform threads, used heap, open descriptors and their limit (each
 *       connection holds one): {@link ProcessMetrics};
 *   <li>{@code gcPauses}, {@code gcPauseMs}, {@code gcMaxPauseMs}: stop-the-world pauses since the JVM started, as
 *       {@link GcPauses} counts them;
 *   <li>{@code samplesStarted} samplers entered ({@link SampleCounter} as a SampleMonitor), {@code samplesCompleted}
 *       and {@code errors} samples the listeners got (the .jtl's rows), {@code samplesInFlight} their difference,
 *       {@code activeUsers} JMeter users alive;
 *   <li>{@code machineCpuBusyMs}, {@code machineCpuTotalMs}: the whole machine, all cores, since boot
 *       ({@link MachineCpu}); {@code cores} this JVM's available processors.
 * </ul>
 * Cumulative figures are totals, so a reader takes differences between lines. A figure whose source does not exist
 * here (no getrusage, no /proc) is left out, never guessed. In a distributed run ({@code --workers}) the users run
 * on the workers: each line says {@code "distributed": true} and describes this controller JVM only; the samples
 * and users are the workers' as reported here, and {@code samplesStarted}/{@code samplesInFlight} are left out, as
 * the workers report no sample starting.
 *
 * <p>The lines are written by a daemon platform thread of its own, so they keep coming when the virtual-thread
 * scheduler is saturated by the users; a gap in {@code sampledAtMs} means the whole JVM stalled (GC pause, no CPU).
 */
final class ClientStatsRecorder {

    static final Duration PERIOD = Duration.ofSeconds(1);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final boolean distributed;
    private final GcPauses gcPauses;
    private final Object lock = new Object();
    // Guarded by lock: null before start, after stop, or once a write failed.
    private BufferedWriter out;
    private SampleCounter counter;
    private long startNanos;
    private volatile Thread ticker;

    /**
     * Nothing is written before {@link #start}.
     *
     * @param jtl         the run's .jtl: the file goes beside it
     * @param distributed whether the users run on remote workers
     * @param gcPauses    this JVM's pauses, watched from its start
     */
    ClientStatsRecorder(Path jtl, boolean distributed, GcPauses gcPauses) {
        this.file = jtl.toAbsolutePath().resolveSibling(RunFolder.CLIENT_STATS_FILE);
        this.distributed = distributed;
        this.gcPauses = gcPauses;
    }

    Path file() {
        return file;
    }

    /**
     * Writes the first line now, then one a second. A file that cannot be written is reported on stderr and the
     * test runs on without it.
     *
     * @param engineStartNanos {@link System#nanoTime()} when the engine starts, {@code elapsedMs} 0
     */
    void start(SampleCounter samples, long engineStartNanos) {
        synchronized (lock) {
            try {
                out = Files.newBufferedWriter(file);
            } catch (IOException e) {
                System.err.println("jmeter-main: cannot write " + file + ", no client stats: " + e);
                return;
            }
            counter = samples;
            startNanos = engineStartNanos;
            writeLine();
        }
        ticker = Thread.ofPlatform().daemon().name("client-stats").start(this::tickUntilStopped);
    }

    /** Writes the last line, closes the file, ends the GC watch; again, or before {@link #start}, does nothing. */
    void stop() {
        synchronized (lock) {
            if (out != null) {
                writeLine();
                close();
            }
        }
        Thread running = ticker;
        if (running != null) {
            running.interrupt();
        }
        gcPauses.close();
    }

    private void tickUntilStopped() {
        long period = PERIOD.toNanos();
        long next = startNanos + period;
        while (true) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(Duration.ofNanos(wait));
                } catch (InterruptedException e) {
                    return; // stopped
                }
            }
            synchronized (lock) {
                if (out == null) {
                    return;
                }
                writeLine();
            }
            // On the one-second grid from the start; after a stall, the next tick of the grid, no burst of lines.
            long now = System.nanoTime();
            while (next <= now) {
                next += period;
            }
        }
    }

    /** Call with the lock held and {@code out} open. */
    private void writeLine() {
        try {
            out.write(JSON.writeValueAsString(snapshot()));
            out.newLine();
            out.flush();
        } catch (IOException e) {
            System.err.println("jmeter-main: writing " + file + " failed, client stats end here: " + e);
            close();
        }
    }

    private void close() {
        try {
            out.close();
        } catch (IOException e) {
            // what could be written was flushed line by line
        }
        out = null;
    }

    private Map<String, Object> snapshot() {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("sampledAtMs", System.currentTimeMillis());
        line.put("elapsedMs", Duration.ofNanos(System.nanoTime() - startNanos).toMillis());
        Map<String, Object> process = ProcessMetrics.snapshot();
        for (String name : new String[] {
            "cpuUserMs",
            "cpuSystemMs",
            "rssBytes",
            "osThreads",
            "platformThreads",
            "heapUsedBytes",
            "openFiles",
            "maxOpenFiles"
        }) {
            Object value = process.get(name);
            if (value != null) {
                line.put(name, value);
            }
        }
        GcPauses.Totals gc = gcPauses.totals();
        line.put("gcPauseMs", gc.totalMs());
        line.put("gcPauses", gc.count());
        line.put("gcMaxPauseMs", gc.maxMs());
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
        line.put("activeUsers", JMeterContextService.getNumberOfThreads());
        MachineCpu.read().ifPresent(cpu -> {
            line.put("machineCpuBusyMs", cpu.busyMs());
            line.put("machineCpuTotalMs", cpu.totalMs());
        });
        line.put("cores", Runtime.getRuntime().availableProcessors());
        if (distributed) {
            line.put("distributed", true);
        }
        return line;
    }
}
