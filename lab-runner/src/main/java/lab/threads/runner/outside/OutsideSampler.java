package lab.threads.runner.outside;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import lab.threads.run.RunFolder;

/**
 * Watches a run from outside the processes under test, once a second on one thread of the runner: the listening port
 * ({@code kernel.jsonl}), the server and client processes ({@code server-proc.jsonl}, {@code client-proc.jsonl}), the
 * machine's CPU by who used it ({@code ledger.jsonl}, {@link Ledger}), and the accept queue alone 10 times a second
 * ({@code accept-queue.jsonl}), for the report's Little's-law check. These need no answer from the watched process, so
 * they go on when it is saturated; a probe that fails skips that second, and the gap is the information.
 * <p>
 * Cost: no probe forks a process while netlink answers ({@link ListenerDiag}); a lab process is one read of its {@code
 * stat} and {@code status}, the ledger one {@code stat} per process: the cost grows with the machine's processes, never
 * with the server's threads. Only a guest's tree ({@link ProcessTreeProbe}) reads per thread. The ledger counts the
 * runner apart, so every run shows what observing it cost.
 */
public final class OutsideSampler implements AutoCloseable {
    static final Duration PERIOD = Duration.ofSeconds(1);
    /** The accept queue's period; every other probe runs every {@code PERIOD / QUEUE_PERIOD} ticks. */
    static final Duration QUEUE_PERIOD = Duration.ofMillis(100);

    private static final int TICKS_PER_PERIOD = (int) (PERIOD.toMillis() / QUEUE_PERIOD.toMillis());
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Probe(BufferedWriter out, int everyTicks, Callable<? extends Optional<?>> sample) {}

    private final List<Probe> probes;
    private final Thread ticker;

    private OutsideSampler(List<Probe> probes) {
        this.probes = probes;
        this.ticker = Thread.ofPlatform().daemon().name("outside-sampler").start(this::tickUntilClosed);
    }

    /**
     * @param serverPid the server JVM the lab started; empty for a --target server (no server-proc.jsonl, and the
     *     kernel's counters the runner's namespace's)
     * @param client the client's forks now, empty while there is none
     */
    public static OutsideSampler start(
            Path serverDir, int port, OptionalLong serverPid, Supplier<List<ProcessHandle>> client, LabProcesses lab) {
        Callable<Optional<Map<String, Object>>> server = serverPid.isPresent()
                ? new ProcessProbe(
                        () -> ProcessHandle.of(serverPid.getAsLong()).stream().toList())::sample
                : null;
        return start(serverDir, port, serverPid, server, client, lab);
    }

    /**
     * For a guest: its process tree, with descriptors and context switches ({@link ProcessTreeProbe}), in {@code
     * server-proc.jsonl}; {@code guestPid} empty when only its URL is known.
     */
    public static OutsideSampler startGuest(
            Path serverDir, int port, OptionalLong guestPid, Supplier<List<ProcessHandle>> client, LabProcesses lab) {
        Callable<Optional<Map<String, Object>>> guest =
                guestPid.isPresent() ? new ProcessTreeProbe(guestPid.getAsLong())::sample : null;
        return start(serverDir, port, guestPid, guest, client, lab);
    }

    private static OutsideSampler start(
            Path serverDir,
            int port,
            OptionalLong serverPid,
            Callable<Optional<Map<String, Object>>> server,
            Supplier<List<ProcessHandle>> client,
            LabProcesses lab) {
        List<Probe> probes = new ArrayList<>();
        KernelProbe kernel = new KernelProbe(port, serverPid);
        open(probes, serverDir.resolve(RunFolder.KERNEL_FILE), TICKS_PER_PERIOD, () -> Optional.of(kernel.sample()));
        open(probes, serverDir.resolve(RunFolder.ACCEPT_QUEUE_FILE), 1, kernel::queueSample);
        if (server != null) {
            open(probes, serverDir.resolve(RunFolder.SERVER_PROC_FILE), TICKS_PER_PERIOD, server);
        }
        ProcessProbe jmeter = new ProcessProbe(client);
        open(probes, serverDir.resolve(RunFolder.CLIENT_PROC_FILE), TICKS_PER_PERIOD, jmeter::sample);
        Ledger ledger = new Ledger(
                ProcFiles.LIVE,
                () -> serverPid.stream().boxed().toList(),
                () -> client.get().stream().map(ProcessHandle::pid).toList(),
                lab,
                IrqAccounting.inTasks());
        // Its first reading only starts the first interval: the lines come from the second period on.
        open(
                probes,
                serverDir.resolve(RunFolder.LEDGER_FILE),
                TICKS_PER_PERIOD,
                () -> ledger.next(System.currentTimeMillis()));
        return new OutsideSampler(List.copyOf(probes));
    }

    /** A file that cannot be created loses its series only. */
    private static void open(List<Probe> probes, Path file, int everyTicks, Callable<? extends Optional<?>> sample) {
        try {
            probes.add(new Probe(Files.newBufferedWriter(file), everyTicks, sample));
        } catch (IOException lost) {
            // The report says the series is missing.
        }
    }

    private void tickUntilClosed() {
        long next = System.nanoTime();
        for (long tick = 0; !Thread.currentThread().isInterrupted(); tick++) {
            for (Probe probe : probes) {
                if (tick % probe.everyTicks() == 0) {
                    sampleOnce(probe);
                }
            }
            // On a fixed schedule, so a slow tick does not shift every later one.
            next += QUEUE_PERIOD.toNanos();
            try {
                Thread.sleep(Duration.ofNanos(Math.max(0, next - System.nanoTime())));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static void sampleOnce(Probe probe) {
        try {
            Optional<?> line = probe.sample().call();
            if (line.isPresent()) {
                // Flushed at once: a runner killed mid-run keeps every line so far.
                probe.out().write(JSON.writeValueAsString(line.get()));
                probe.out().newLine();
                probe.out().flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception skipped) {
            // This second is missing from this file; the next tick tries again.
        }
    }

    @Override
    public void close() {
        ticker.interrupt();
        try {
            ticker.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Probe probe : probes) {
            try {
                probe.out().close();
            } catch (IOException lost) {
                // What was flushed is kept.
            }
        }
    }
}
