package lab.threads.runner.guest;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import lab.threads.process.ParentWatch;

/**
 * A guest's process: one that runs already ({@code --target-pid}), which the lab only watches and never stops, or one
 * the lab starts from its command ({@code --target-command}) under a {@link GuestKeeper} and stops after the run.
 *
 * @param keeper the keeper of a guest the lab started; null for one it only watches
 */
public record GuestProcess(ProcessHandle guest, Process keeper) implements AutoCloseable {
    private static final Duration READY_POLL = Duration.ofMillis(250);
    /** The keeper's grace and then some: how long a stop waits for the keeper before killing it. */
    private static final Duration STOP_WAIT = GuestKeeper.GRACE.plusSeconds(10);

    /** A running process the lab watches and leaves running; refused when it is gone. */
    public static GuestProcess watch(Guest guest) {
        return new GuestProcess(
                ProcessHandle.of(guest.pid())
                        .filter(ProcessHandle::isAlive)
                        .orElseThrow(() -> new IllegalArgumentException(
                                "--target-pid " + guest.name() + "=" + guest.pid() + ": the process has ended: start "
                                        + "the service again and give its new pid.")),
                null);
    }

    /**
     * Starts the guest's command under a keeper JVM ({@code keeperJava}) and returns once its URL gives the expected
     * answer.
     *
     * @param timeout how long it may take to answer as expected (--start-timeout-s)
     * @param ask how long one GET may take (the plan's response timeout)
     * @throws IllegalArgumentException when it ends or does not answer as expected in time: it is stopped by then
     */
    public static GuestProcess start(
            Guest guest, List<String> keeperJava, Path log, Expected expected, Duration timeout, Duration ask)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(keeperJava);
        command.addAll(List.of(
                "-Xmx32m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                GuestKeeper.class.getName(),
                log.toAbsolutePath().toString(),
                guest.command()));
        Files.createDirectories(log.toAbsolutePath().getParent());
        // However the runner ends, SIGKILL included, the keeper notices and stops the guest.
        Process keeper = ParentWatch.stopWithThis(new ProcessBuilder(command))
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        GuestProcess started;
        try {
            started = new GuestProcess(guestOf(keeper), keeper);
        } catch (IOException e) {
            keeper.destroyForcibly();
            throw new IllegalArgumentException("--target-command " + guest.name() + "=\"" + guest.command()
                    + "\" could not be started (" + e.getMessage() + "): see " + log + ".");
        }
        started.awaitReady(guest, log, expected, timeout, ask);
        return started;
    }

    /** The guest's pid, from the keeper's first line. */
    private static ProcessHandle guestOf(Process keeper) throws IOException {
        BufferedReader lines = keeper.inputReader();
        String line = lines.readLine();
        if (line == null || !line.startsWith(GuestKeeper.PID_LINE)) {
            throw new IOException("its keeper said " + line);
        }
        long pid = Long.parseLong(line.substring(GuestKeeper.PID_LINE.length()).strip());
        // The keeper's later lines are not read: drained so that it never blocks on a full pipe.
        Thread.ofVirtual().start(() -> {
            try {
                lines.transferTo(java.io.Writer.nullWriter());
            } catch (IOException closed) {
                // The keeper has ended.
            }
        });
        return ProcessHandle.of(pid).orElseThrow(() -> new IOException("it ended at once"));
    }

    private void awaitReady(Guest guest, Path log, Expected expected, Duration timeout, Duration ask)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Optional<String> problem = Optional.of("no answer yet");
        while (System.nanoTime() < deadline) {
            if (!keeper.isAlive()) {
                close();
                throw new IllegalArgumentException("--target-command " + guest.name() + "=\"" + guest.command()
                        + "\" ended (exit " + keeper.exitValue() + ") before its URL " + guest.url() + " answered: see "
                        + log + ".");
            }
            problem = GuestAnswer.problem(guest.url(), expected, ask);
            if (problem.isEmpty()) {
                return;
            }
            Thread.sleep(READY_POLL);
        }
        close();
        throw new IllegalArgumentException("--target-command " + guest.name() + "=\"" + guest.command()
                + "\" was not ready within " + timeout.toSeconds() + " s: " + guest.url() + " " + problem.get()
                + " (stopped; its output is in " + log + "). Raise --start-timeout-s, or check the URL and "
                + "--expect-status.");
    }

    public long pid() {
        return guest.pid();
    }

    public boolean isAlive() {
        return keeper != null ? keeper.isAlive() : guest.isAlive();
    }

    /** Completes when the guest ends (for a started one: when its keeper does, which it does with it). */
    public CompletableFuture<?> onExit() {
        return keeper != null ? keeper.onExit() : guest.onExit();
    }

    /** How it ended, for the run's line: {@code exit 1}, or {@code gone} for a process the lab did not start. */
    public String ending() {
        return keeper != null && !keeper.isAlive() ? "exit " + keeper.exitValue() : "gone";
    }

    /** Whether the lab started it, and so stops it. */
    public boolean started() {
        return keeper != null;
    }

    /** Stops a guest the lab started, and its children; a watched one runs on. */
    @Override
    public void close() throws InterruptedException {
        if (keeper == null || !keeper.isAlive()) {
            return;
        }
        keeper.destroy();
        if (!keeper.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
            // A keeper that cannot stop it: the guest and what it started are killed from here.
            keeper.destroyForcibly();
            guest.descendants().forEach(ProcessHandle::destroyForcibly);
            guest.destroyForcibly();
        }
    }
}
