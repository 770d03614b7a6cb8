package lab.threads.runner;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import lab.threads.run.GuestFacts;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import lab.threads.runner.guest.Guest;
import lab.threads.runner.guest.GuestProcess;
import lab.threads.runner.guest.JvmGc;

/**
 * What a turn does differently for a guest ({@link ServerRun} does the rest): no start, stop or {@code /stats}; its
 * process tree read from outside, its JVM's collections before and after the load, and {@code guest.json} beside the
 * samples.
 */
final class GuestTurn {
    private final Guest guest;
    /** Null when only the guest's URL is known. */
    private final GuestProcess process;

    private final GuestRun run;
    private JvmGc gcBefore;

    GuestTurn(Guest guest, GuestProcess process, GuestRun run) {
        this.guest = guest;
        this.process = process;
        this.run = run;
    }

    String name() {
        return guest.name();
    }

    /** Where the client connects: scheme, host and port; the path goes with {@link #jmeterProperties}. */
    URI target() {
        return guest.base();
    }

    URI url() {
        return guest.url();
    }

    int port() {
        return guest.port();
    }

    OptionalLong pid() {
        return process == null ? OptionalLong.empty() : OptionalLong.of(process.pid());
    }

    Map<String, String> jmeterProperties() {
        return run.jmeterProperties(guest);
    }

    /** Why this turn cannot run (its process has ended in an earlier turn); null when it can. */
    RunOutcome gone() {
        return process == null || process.isAlive()
                ? null
                : RunOutcome.of(
                        RunOutcome.Kind.NOT_RUN,
                        "not run: the guest's process has ended (" + process.ending() + ")"
                                + (process.started() ? "" : ": start it again and give its new pid"));
    }

    /** Runs {@code then} when the guest's process ends; never for a guest known by its URL alone. */
    void onExit(Runnable then) {
        if (process != null) {
            process.onExit().thenRun(then);
        }
    }

    /** Before the load: guest.json, and its JVM's collections so far. */
    void loadStarts(Path dir) throws IOException {
        gcBefore = pid().isPresent() ? JvmGc.read(pid().getAsLong()).orElse(null) : null;
        facts().write(dir);
    }

    /** After the load: guest.json again, with the collections made during the load, or why there are none. */
    void loadEnded(Path dir) throws IOException {
        Optional<JvmGc> after = gcBefore == null ? Optional.empty() : JvmGc.read(pid().getAsLong());
        if (after.isPresent()) {
            JvmGc during = after.get().since(gcBefore);
            facts().withGc(new GuestFacts.Gc(during.young(), during.full(), during.gcSeconds()), JvmGc.SOURCE)
                    .write(dir);
        } else {
            facts().withGc(null, gcMissing()).write(dir);
        }
    }

    /** The line when the guest's process ended during the load. */
    String diedWords() {
        return "server died mid-run: the guest's process ended (" + process.ending() + ")"
                + (process.started()
                        ? ": see its output in the run folder's " + guest.name() + RunFolder.GUEST_LOG_SUFFIX
                        : "");
    }

    private String gcMissing() {
        if (pid().isEmpty()) {
            return "not measured: no process given (--target-pid or --target-command)";
        }
        return gcBefore == null
                ? "not measured: jstat found no JVM counters in the process (not a JVM, or -XX:-UsePerfData)"
                : "not measured: the JVM's counters could not be read after the load (has it ended?)";
    }

    private GuestFacts facts() {
        return new GuestFacts(
                guest.name(),
                guest.url().toString(),
                guest.process(),
                process == null ? null : process.pid(),
                run.expected().describe(),
                run.serviceMs(),
                null,
                null);
    }
}
