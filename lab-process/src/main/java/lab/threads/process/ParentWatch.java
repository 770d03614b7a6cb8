package lab.threads.process;

import java.io.IOException;
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
 * process group or signal forwarding survives. The watched process is the setting {@code lab.parent-pid} /
 * {@code LAB_PARENT_PID}: the runner sets it to its own pid for every JVM it starts; unset, it is this process's
 * parent at start (for {@code ./lab server}, which execs java: the shell that ran it); {@code 0} watches nothing.
 * A process without a parent of its own (PID 1 of a container) watches nothing either: its container ends with it.
 *
 * <p>Gone includes dead but not yet reaped: {@code ./lab} execs the runner's JVM, so the runner is the child of
 * whatever ran {@code ./lab}, and a parent that does not reap at once (a harness's {@code Popen}) keeps a runner killed
 * with SIGKILL as a zombie, which {@link ProcessHandle#isAlive} calls alive. See {@link #gone}.
 */
public final class ParentWatch {
    /** The setting's name, as a flag would be spelled: its twins are {@code lab.parent-pid}, {@code LAB_PARENT_PID}. */
    public static final String OPTION = "--parent-pid";
    /** How to change what is watched, for the line a server prints. */
    public static final String OPTION_WORDS = "LAB_PARENT_PID=<pid> watches another, 0 none";
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
     * @throws IllegalArgumentException when the setting is not a pid
     */
    public static OptionalLong start(String who, PrintStream said) {
        OptionalLong pid = pidToWatch(new OptionTwins(Map.of()).given(OPTION));
        if (pid.isPresent()) {
            // Taken now: a handle compares start times, so a pid reused later does not pass for the parent.
            Optional<ProcessHandle> parent = ProcessHandle.of(pid.getAsLong());
            boolean isParent = isParentOfThis(pid.getAsLong());
            Thread.ofPlatform().daemon().name("parent-watch").start(() -> {
                awaitExit(parent, isParent);
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
                        OptionTwins.environmentName(OPTION),
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
            throw new IllegalArgumentException(
                    OptionTwins.environmentName(OPTION) + " (" + OptionTwins.propertyName(OPTION)
                            + ") must be the pid of the process to stop with, or 0 for none; got '" + given + "'");
        }
        return pid == 0 ? OptionalLong.empty() : OptionalLong.of(pid);
    }

    /** Whether {@code pid} is this process's parent now: then a later change of parent says it is gone. */
    static boolean isParentOfThis(long pid) {
        return ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L) == pid;
    }

    /**
     * Whether the process watched is gone, dead but not yet reaped included, looked at in three ways:
     *
     * <ol>
     *   <li>When it is this process's parent ({@code isParent}, taken at start): the kernel gives an exiting process's
     *       children a new parent before it becomes a zombie, so {@code getppid} names another process the moment the
     *       parent exits, reaped or not, and names the same one as long as it lives. {@link ProcessHandle#parent} asks
     *       {@code getppid} for this process, but the handle it makes for the new parent reads that one's
     *       {@code /proc/<pid>/stat}: when that read fails, it answers nothing, which says nothing, and the next two
     *       ways are asked.
     *   <li>A handle that says alive: alive unless its {@code /proc/<pid>/stat} says Z (a zombie: exited, not reaped)
     *       or X (being reaped). {@link ProcessHandle#isAlive} is true for both. That read takes a descriptor: when it
     *       fails, the handle's word stands.
     *   <li>A handle that says not alive: {@link ProcessHandle#isAlive} reads {@code /proc/<pid>/stat} too, which takes
     *       a descriptor: a JMeter fork holding all of its own (20,000 connections at the talk plan's peak) got "not
     *       alive" for a parent that was there and stopped its load. So "not alive" is confirmed with a {@code stat} of
     *       {@code /proc/<pid>}, which takes none; where there is no /proc (not Linux), the handle's word stands.
     * </ol>
     *
     * <p>So a process out of descriptors never takes a living parent for gone, but may miss a zombie until it has a
     * descriptor again (a parent that is a parent still shows through way 1 when the new parent's read succeeds).
     *
     * <p>The stat sees only that some process has the pid, not which one: if the parent dies and the kernel gives its
     * pid to a new process before the next look (within {@link #EVERY}), the handle says "not alive" (another start
     * time), the stat finds the newcomer's {@code /proc/<pid>}, and this process goes on as if its parent were there,
     * until the newcomer too is gone. The kernel hands out pids in turn, so it takes the kernel's counter coming round
     * to the same number within that second: rare, and not guarded against. Way 1 has no such gap.
     */
    static boolean gone(ProcessHandle watched, boolean isParent) {
        if (isParent) {
            Optional<ProcessHandle> parentNow = ProcessHandle.current().parent();
            if (parentNow.isPresent()) {
                return parentNow.get().pid() != watched.pid();
            }
        }
        Path proc = Path.of("/proc");
        Path entry = proc.resolve(Long.toString(watched.pid()));
        if (watched.isAlive()) {
            return ended(entry.resolve("stat"));
        }
        return !Files.isDirectory(proc) || !Files.exists(entry);
    }

    /** Whether the {@code /proc/<pid>/stat} named says the process has ended (Z or X); false when it cannot be read. */
    private static boolean ended(Path stat) {
        String text;
        try {
            text = Files.readString(stat);
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
        char state = state(text);
        return state == 'Z' || state == 'X';
    }

    /**
     * The state letter of a {@code /proc/<pid>/stat} text ({@code R}, {@code S}, {@code Z}, ...), or {@code '?'} when
     * it has none. The state follows the command name in parentheses, which may itself hold spaces and parentheses:
     * it is the first letter after the last {@code ')'}.
     */
    static char state(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return '?';
        }
        for (int i = close + 1; i < stat.length(); i++) {
            char c = stat.charAt(i);
            if (!Character.isWhitespace(c)) {
                return Character.isLetter(c) ? c : '?';
            }
        }
        return '?';
    }

    /** Polls rather than {@link ProcessHandle#onExit()}, whose wait on a process not its child grows to 5 s. */
    private static void awaitExit(Optional<ProcessHandle> parent, boolean isParent) {
        while (parent.isPresent() && !gone(parent.get(), isParent)) {
            try {
                Thread.sleep(EVERY);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
