package lab.threads.process;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Stops this JVM the way SIGTERM does (its shutdown hooks run: a server drains and flushes its request log, the JMeter
 * fork flushes its samples) once the process that started it is gone, however it went: SIGKILL included, which no
 * process group or signal forwarding survives. The watched process is the knob {@code lab.parent-pid} /
 * {@code LAB_PARENT_PID}: the runner sets it to its own pid for every JVM it starts; unset, it is this process's
 * parent at start (for {@code ./lab server}, which execs java: the shell that ran it); {@code 0} watches nothing.
 * A process without a parent of its own (PID 1 of a container) watches nothing either: its container ends with it.
 */
public final class ParentWatch {
    /** The knob's name, as a flag would be spelled: {@code lab.parent-pid}, {@code LAB_PARENT_PID}. */
    public static final String KNOB = "--parent-pid";
    /** How to change what is watched, for the line a server prints. */
    public static final String KNOB_WORDS = "LAB_PARENT_PID=<pid> watches another, 0 none";
    /** The exit code when the parent is gone, as after SIGTERM (128 + 15). */
    public static final int EXIT_CODE = 143;
    /** How often the parent is looked at: the most it may be gone before this process notices. */
    static final Duration EVERY = Duration.ofSeconds(1);
    /** Said, in the process's own output, when it stops because its parent is gone. */
    public static final String GONE = "is gone: stopping as on SIGTERM";

    private ParentWatch() {}

    /**
     * Starts the watch on a daemon thread; stops the JVM at once when the process named is already gone.
     *
     * @param who  the process's name, for the line it writes when it stops
     * @param said where that line goes (a server's log; the fork's stderr, as its stdout is a pipe to the parent)
     * @return the pid watched; empty when none
     * @throws IllegalArgumentException when the knob is not a pid
     */
    public static OptionalLong start(String who, PrintStream said) {
        OptionalLong pid = pidToWatch(new Knobs(Map.of()).given(KNOB));
        if (pid.isPresent()) {
            // Taken now: a handle compares start times, so a pid reused later does not pass for the parent.
            Optional<ProcessHandle> parent = ProcessHandle.of(pid.getAsLong());
            Thread.ofPlatform().daemon().name("parent-watch").start(() -> {
                awaitExit(parent);
                said.println(who + ": the process that started it (pid " + pid.getAsLong() + ") " + GONE);
                said.flush();
                System.exit(EXIT_CODE);
            });
        }
        return pid;
    }

    /** Makes the JVM {@code child} starts (one that calls {@link #start}) stop with this process. */
    public static ProcessBuilder stopWithThis(ProcessBuilder child) {
        child.environment()
                .put(
                        Knobs.environmentName(KNOB),
                        Long.toString(ProcessHandle.current().pid()));
        return child;
    }

    /** The pid named, this process's parent when none is (unless init or none: nothing to outlive), nothing for 0. */
    static OptionalLong pidToWatch(String given) {
        if (given == null) {
            return ProcessHandle.current()
                    .parent()
                    .filter(parent -> parent.pid() > 1)
                    .map(parent -> OptionalLong.of(parent.pid()))
                    .orElse(OptionalLong.empty());
        }
        long pid;
        try {
            pid = Long.parseLong(given.trim());
        } catch (NumberFormatException e) {
            pid = -1;
        }
        if (pid < 0) {
            throw new IllegalArgumentException(Knobs.environmentName(KNOB) + " (" + Knobs.propertyName(KNOB)
                    + ") must be the pid of the process to stop with, or 0 for none; got '" + given + "'");
        }
        return pid == 0 ? OptionalLong.empty() : OptionalLong.of(pid);
    }

    /**
     * {@link ProcessHandle#isAlive} reads {@code /proc/<pid>/stat}, which takes a descriptor: a JMeter fork holding all
     * of its own (20,000 connections at the talk plan's peak) got "not alive" for a parent that was there and stopped
     * its load. So "not alive" is confirmed with a {@code stat} of {@code /proc/<pid>}, which takes none; where there
     * is no /proc (not Linux), the handle's word stands.
     *
     * <p>The stat sees only that some process has the pid, not which one: if the parent dies and the kernel gives its
     * pid to a new process before the next look (within {@link #EVERY}), the handle says "not alive" (another start
     * time), the stat finds the newcomer's {@code /proc/<pid>}, and this process goes on as if its parent were there,
     * until the newcomer too is gone. The kernel hands out pids in turn, so it takes the kernel's counter coming round
     * to the same number within that second: rare, and not guarded against.
     */
    static boolean gone(ProcessHandle parent) {
        if (parent.isAlive()) {
            return false;
        }
        Path proc = Path.of("/proc");
        return !Files.isDirectory(proc) || !Files.exists(proc.resolve(Long.toString(parent.pid())));
    }

    /** Polls rather than {@link ProcessHandle#onExit()}, whose wait on a process not its child grows to 5 s. */
    private static void awaitExit(Optional<ProcessHandle> parent) {
        while (parent.isPresent() && !gone(parent.get())) {
            try {
                Thread.sleep(EVERY);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
