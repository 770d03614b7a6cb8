package lab.threads.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import lab.threads.process.GcPauses;
import lab.threads.process.MachineCpu;
import lab.threads.process.ProcessMetrics;
import lab.threads.run.RunFolder;

/**
 * A load generator's own health, once a second, in {@code client-stats.jsonl} beside its results file: on a machine
 * whose cores the client shares with the server under test, a stalled client looks like a slow server unless its own
 * CPU, pauses and requests in flight are on the same time axis. Each client (the JMeter fork, Hyperfoil's) writes the
 * same lines; only its request counts are its own. One JSON object a line, flushed as written, from just before the
 * load starts ({@code elapsedMs} 0) to one last line once it has ended (or on SIGTERM, best effort):
 *
 * <pre>{@code {"sampledAtMs", "elapsedMs", "cpuUserMs", "cpuSystemMs", "rssBytes", "osThreads", "platformThreads",
 *  "heapUsedBytes", "openFiles", "maxOpenFiles", "gcPauseMs", "gcPauses", "gcMaxPauseMs", <the client's counts>,
 *  "machineCpuBusyMs", "machineCpuTotalMs", "cores", <the client's flags>}}</pre>
 *
 * <ul>
 *   <li>{@code sampledAtMs} epoch ms; {@code elapsedMs} since the measured load started (the clock of the progress
 *       lines; negative during a warm-up that is not measured). A client that learns the start only when it comes
 *       ({@link #loadStartsAt}) moves it: then the last line's {@code sampledAtMs - elapsedMs} is the start;
 *   <li>{@code cpuUserMs}, {@code cpuSystemMs} this process's CPU time since the JVM started (getrusage), RSS, OS
 *       threads (all, not only Java's), live platform threads, used heap, open descriptors and their limit (each
 *       connection holds one): {@link ProcessMetrics};
 *   <li>{@code gcPauses}, {@code gcPauseMs}, {@code gcMaxPauseMs}: stop-the-world pauses since the JVM started, as
 *       {@link GcPauses} counts them;
 *   <li>the client's counts, e.g. {@code samplesCompleted}, {@code errors}, {@code activeUsers} (see each client);
 *   <li>{@code machineCpuBusyMs}, {@code machineCpuTotalMs}: the whole machine, all cores, since boot
 *       ({@link MachineCpu}); {@code cores} this JVM's available processors.
 * </ul>
 * Cumulative figures are totals, so a reader takes differences between lines. A figure whose source does not exist
 * here (no getrusage, no /proc) is left out, never guessed.
 *
 * <p>The lines are written by a daemon platform thread of its own, so they keep coming when the client's own threads
 * are saturated; a gap in {@code sampledAtMs} means the whole JVM stalled (GC pause, no CPU).
 */
public final class ClientStats {

    public static final String FILE_NAME = RunFolder.CLIENT_STATS_FILE;
    static final Duration PERIOD = Duration.ofSeconds(1);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> PROCESS_FIGURES = List.of(
            "cpuUserMs",
            "cpuSystemMs",
            "rssBytes",
            "osThreads",
            "platformThreads",
            "heapUsedBytes",
            "openFiles",
            "maxOpenFiles");

    private final Path file;
    private final String who;
    private final GcPauses gcPauses;
    private final Object lock = new Object();
    // Guarded by lock: null before start, after stop, or once a write failed.
    private BufferedWriter out;
    private Supplier<Map<String, Object>> counts;
    private long startNanos;
    /** When the first line was written: the one-second grid starts there. */
    private long firstLineNanos;

    private volatile Thread ticker;

    /**
     * Nothing is written before {@link #start}.
     *
     * @param results  the client's results file: {@value #FILE_NAME} goes beside it
     * @param who      the client's name in its messages on stderr, e.g. {@code jmeter-main}
     * @param gcPauses this JVM's pauses, watched from its start
     */
    public ClientStats(Path results, String who, GcPauses gcPauses) {
        this.file = results.toAbsolutePath().resolveSibling(FILE_NAME);
        this.who = who;
        this.gcPauses = gcPauses;
    }

    /**
     * Writes the first line now, then one a second. A file that cannot be written is reported on stderr and the
     * load runs on without it.
     *
     * @param clientCounts     the client's own figures for a line, read each second on the recorder's thread
     * @param loadStartNanos   {@link System#nanoTime()} when the measured load starts, {@code elapsedMs} 0 (after an
     *                         unmeasured warm-up, a moment to come: the lines before it have a negative
     *                         {@code elapsedMs})
     */
    public void start(Supplier<Map<String, Object>> clientCounts, long loadStartNanos) {
        synchronized (lock) {
            try {
                out = Files.newBufferedWriter(file);
            } catch (IOException e) {
                System.err.println(who + ": cannot write " + file + ", no client stats: " + e);
                return;
            }
            counts = clientCounts;
            startNanos = loadStartNanos;
            firstLineNanos = System.nanoTime();
            writeLine();
        }
        ticker = Thread.ofPlatform().daemon().name("client-stats").start(this::tickUntilStopped);
    }

    /**
     * Moves {@code elapsedMs} 0 to when the measured load really started, where {@link #start} could only plan it
     * (Hyperfoil starts its measured phase once every connection is open and the warm-up's last answer is in, which
     * takes as long as it takes). Lines already written keep the planned origin; the next ones carry this one.
     */
    public void loadStartsAt(long loadStartNanos) {
        synchronized (lock) {
            startNanos = loadStartNanos;
        }
    }

    /** Writes the last line, closes the file, ends the GC watch; again, or before {@link #start}, does nothing. */
    public void stop() {
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
        long next = firstLineNanos + period;
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
            System.err.println(who + ": writing " + file + " failed, client stats end here: " + e);
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
        PROCESS_FIGURES.stream().filter(process::containsKey).forEach(name -> line.put(name, process.get(name)));
        GcPauses.Totals gc = gcPauses.totals();
        line.put("gcPauseMs", gc.totalMs());
        line.put("gcPauses", gc.count());
        line.put("gcMaxPauseMs", gc.maxMs());
        Map<String, Object> clientCounts = counts.get();
        clientCounts.forEach((name, value) -> {
            if (!(value instanceof Boolean)) {
                line.put(name, value);
            }
        });
        MachineCpu.read().ifPresent(cpu -> {
            line.put("machineCpuBusyMs", cpu.busyMs());
            line.put("machineCpuTotalMs", cpu.totalMs());
        });
        line.put("cores", Runtime.getRuntime().availableProcessors());
        // Flags (e.g. JMeter's "distributed") after the figures, as the lines have always ended.
        clientCounts.forEach((name, value) -> {
            if (value instanceof Boolean) {
                line.put(name, value);
            }
        });
        return line;
    }
}
