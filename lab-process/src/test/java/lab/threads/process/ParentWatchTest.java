package lab.threads.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A JVM that watches its parent stops, its shutdown hooks run, once the parent is SIGKILLed. The class runs beside the
 * module's others (its tests mostly wait for processes to end, and every module waits for this one); its own tests
 * run one after another.
 */
@Execution(ExecutionMode.CONCURRENT)
class ParentWatchTest {
    @TempDir
    Path dir;

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void theProcessNamedByTheKnobDiesAndTheWatcherStopsThroughItsShutdownHooks() throws Exception {
        Process parent = new ProcessBuilder("sleep", "60").start();
        ProcessBuilder watcher = new ProcessBuilder(java(Watcher.class.getName()));
        watcher.environment().put("LAB_PARENT_PID", Long.toString(parent.pid()));
        Process child = watcher.redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.txt").toFile())
                .start();
        awaitLine("watching " + parent.pid());

        parent.destroyForcibly().waitFor();
        assertTrue(child.waitFor(5, TimeUnit.SECONDS), "still alive 5 s after its parent's SIGKILL");
        assertEquals(ParentWatch.EXIT_CODE, child.exitValue());
        String out = Files.readString(dir.resolve("out.txt"));
        assertTrue(
                out.contains("watcher: the process that started it (pid " + parent.pid() + ") " + ParentWatch.GONE),
                out);
        assertTrue(out.contains("shutdown hook ran"), out);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void unsetItWatchesItsOwnParentAShellThatIsKilled() throws Exception {
        // "; true" keeps sh from exec'ing java, so java's parent is the shell, as ./lab server's is the shell that ran
        // it.
        String command = java(Watcher.class.getName()).stream()
                .map(arg -> "'" + arg + "'")
                .collect(Collectors.joining(" "));
        Process shell =
                new ProcessBuilder("sh", "-c", command + " > '" + dir.resolve("out.txt") + "' 2>&1; true").start();
        awaitLine("watching " + shell.pid());
        ProcessHandle child = shell.toHandle().children().findFirst().orElseThrow();

        shell.destroyForcibly().waitFor();
        child.onExit().get(5, TimeUnit.SECONDS);
        assertTrue(Files.readString(dir.resolve("out.txt")).contains("shutdown hook ran"));
    }

    /**
     * Compose's talk plan: the JMeter fork held every descriptor it may (EMFILE), {@code isAlive} could not read its
     * parent's /proc entry, and the fork stopped its load for a parent that was there. Here a JVM limited to 256
     * descriptors opens files until refused, then looks at its living parent, takes a metrics snapshot and counts its
     * descriptors as the JDK does, by listing them.
     */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void aProcessOutOfDescriptorsStillSeesItsParentAliveAndItsMetricsStillAnswer() throws Exception {
        String command = java(OutOfDescriptors.class.getName()).stream()
                .map(arg -> "'" + arg + "'")
                .collect(Collectors.joining(" "));
        Process shell = new ProcessBuilder("sh", "-c", "ulimit -n 256 && " + command + "; true")
                .redirectErrorStream(true)
                .start();
        String out = new String(shell.getInputStream().readAllBytes());
        assertTrue(shell.waitFor(30, TimeUnit.SECONDS), out);
        assertTrue(out.contains("out of descriptors: true"), "the child did reach EMFILE: " + out);
        assertTrue(out.contains("parent gone: false"), out);
        assertTrue(out.contains("open files: 256 of 256"), out);
        assertTrue(out.contains("listed: 256"), "a listing that cannot open the directory gives the limit: " + out);
    }

    /**
     * {@code ./lab} run by a parent that does not reap at once, and the runner killed with SIGKILL: the runner stays a
     * zombie, which {@link ProcessHandle#isAlive} calls alive. Here the parent that never reaps is a shell that execs
     * {@code sleep} (the JDK reaps its own children, so it cannot be this JVM); the runner, a shell, starts a JVM that
     * watches it (the knob set to the runner's pid, as {@link ParentWatch#stopWithThis} does) as its own child: it sees
     * its parent change.
     */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void aRunnerKilledAndNeverReapedIsGoneForTheChildItStarted() throws Exception {
        long took = stopsAfterItsRunnerBecomesAZombie(false);
        System.out.println("the runner's child stopped " + took + " ms after the runner's SIGKILL");
    }

    /** The same with a process between them: the watched runner is not the watcher's parent, only its state says Z. */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void aRunnerKilledAndNeverReapedIsGoneForAGrandchildThatWatchesIt() throws Exception {
        long took = stopsAfterItsRunnerBecomesAZombie(true);
        System.out.println("the runner's grandchild stopped " + took + " ms after the runner's SIGKILL");
    }

    /** Runs the scene, asserts the watcher stopped while its runner is still a zombie; returns how long it took, ms. */
    private long stopsAfterItsRunnerBecomesAZombie(boolean grandchild) throws Exception {
        String javaLine = java(Watcher.class.getName()).stream()
                        .map(arg -> "'" + arg + "'")
                        .collect(Collectors.joining(" "))
                + " > '" + dir.resolve("out.txt") + "' 2>&1\ntrue\n";
        Path middle = Files.writeString(dir.resolve("middle.sh"), javaLine);
        // Each script ends with "true" so that sh does not exec its last command: the runner stays a process of its
        // own.
        Path runner = Files.writeString(
                dir.resolve("runner.sh"),
                "export LAB_PARENT_PID=$$\n" + (grandchild ? "sh '" + middle + "'\ntrue\n" : javaLine));
        Process neverReaps = new ProcessBuilder("sh", "-c", "sh '" + runner + "' & exec sleep 60")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        long watcherPid = -1;
        long runnerPid = -1;
        try {
            awaitLine("watching ");
            String out = Files.readString(dir.resolve("out.txt"));
            watcherPid = Long.parseLong(out.replaceFirst("(?s).*watcher pid (\\d+).*", "$1"));
            runnerPid = Long.parseLong(out.replaceFirst("(?s).*watching (\\d+).*", "$1"));
            ProcessHandle runnerHandle = ProcessHandle.of(runnerPid).orElseThrow();
            assertEquals(neverReaps.pid(), runnerHandle.parent().orElseThrow().pid(), "the runner's parent");
            assertTrue(
                    grandchild != (runnerPid == parentOf(watcherPid)),
                    "the watcher's parent: " + parentOf(watcherPid) + ", the runner: " + runnerPid);

            long killed = System.nanoTime();
            runnerHandle.destroyForcibly();
            long deadline = killed + TimeUnit.SECONDS.toNanos(10);
            while (state(runnerPid) != 'Z' && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals('Z', state(runnerPid), "the runner, SIGKILLed and never reaped, is a zombie");
            while (!stopped(watcherPid) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
            assertTrue(stopped(watcherPid), "the watcher still runs " + took + " ms after its runner's SIGKILL");
            assertEquals('Z', state(runnerPid), "the runner was reaped before the watcher stopped: proves nothing");
            assertTrue(took < 5_000, "the watcher took " + took + " ms to stop");
            out = Files.readString(dir.resolve("out.txt"));
            assertTrue(
                    out.contains("watcher: the process that started it (pid " + runnerPid + ") " + ParentWatch.GONE),
                    out);
            assertTrue(out.contains("shutdown hook ran"), out);
            return took;
        } finally {
            neverReaps.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // init then reaps the zombie
            for (long pid : new long[] {watcherPid, runnerPid}) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void theStateIsTheLetterAfterTheLastParenthesisOfTheCommandName() {
        assertEquals('S', ParentWatch.state("4242 (java) S 1 4242 4242 0 -1 4194560 19 0 0 0"));
        assertEquals('Z', ParentWatch.state("4242 (sh) Z 977 4242 977 0 -1 4227084 87 0 0 0 0 0"));
        assertEquals('X', ParentWatch.state("4242 (java) X 1 4242"));
        // A command name may hold spaces and parentheses (prctl PR_SET_NAME): the state follows the last ')'.
        assertEquals('Z', ParentWatch.state("4242 (a) R (b c)) Z 1 4242 4242"));
        assertEquals('?', ParentWatch.state(""));
        assertEquals('?', ParentWatch.state("4242 (java"));
        assertEquals('?', ParentWatch.state("4242 (java) "));
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void aLivingParentIsNotGoneAndThisProcessIsNotAZombie() {
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        assertTrue(ParentWatch.isParentOfThis(parent.pid()));
        assertTrue(!ParentWatch.gone(parent, true) && !ParentWatch.gone(parent, false));
        assertTrue(!ParentWatch.isParentOfThis(ProcessHandle.current().pid()));
        // Watched as a parent, a process that is not this one's parent reads as gone: its parent id is another.
        assertTrue(ParentWatch.gone(ProcessHandle.current(), true));
        assertTrue(!ParentWatch.gone(ProcessHandle.current(), false));
    }

    /** The state letter in /proc/<pid>/stat; '-' when there is none (reaped). */
    private static char state(long pid) {
        try {
            return ParentWatch.state(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (java.io.IOException gone) {
            return '-';
        }
    }

    /** Exited: reaped, or a zombie of whoever its parent now is. */
    private static boolean stopped(long pid) {
        char state = state(pid);
        return state == '-' || state == 'Z' || state == 'X';
    }

    private static long parentOf(long pid) {
        return ProcessHandle.of(pid)
                .flatMap(ProcessHandle::parent)
                .map(ProcessHandle::pid)
                .orElse(-1L);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void zeroWatchesNothingAndAnythingButAPidIsRefusedInWords() {
        assertEquals(OptionalLong.empty(), ParentWatch.pidToWatch("0"));
        assertEquals(OptionalLong.of(4242), ParentWatch.pidToWatch(" 4242 "));
        assertEquals(
                ProcessHandle.current().parent().orElseThrow().pid(),
                ParentWatch.pidToWatch(null).getAsLong());
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> ParentWatch.pidToWatch("runner"));
        assertTrue(
                refused.getMessage().startsWith("LAB_PARENT_PID (lab.parent-pid) must be the pid"),
                refused.getMessage());
    }

    private void awaitLine(String line) throws Exception {
        Path out = dir.resolve("out.txt");
        for (int i = 0; i < 100; i++) {
            if (Files.exists(out) && Files.readString(out).contains(line)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no '" + line + "' in " + (Files.exists(out) ? Files.readString(out) : "(nothing)"));
    }

    private static List<String> java(String mainClass) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-Xmx32m", "-cp", System.getProperty("java.class.path"), mainClass));
        return command;
    }

    /** Opens /dev/null until the kernel refuses, then reports what the watch and the metrics see. */
    public static final class OutOfDescriptors {
        public static void main(String[] args) throws Exception {
            ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
            // Loads every class used below while descriptors remain: a class file is read through one too.
            Map<String, Object> before = ProcessMetrics.snapshot();
            System.out.println(
                    "parent gone before: " + ParentWatch.gone(parent, true) + " " + ParentWatch.gone(parent, false));
            List<java.io.FileInputStream> held = new ArrayList<>();
            boolean refused = false;
            for (int i = 0; i < 10_000 && !refused; i++) {
                try {
                    held.add(new java.io.FileInputStream("/dev/null"));
                } catch (java.io.IOException e) {
                    refused = e.getMessage().contains("Too many open files");
                }
            }
            System.out.println("out of descriptors: " + refused);
            // Both ways: as this process's parent (getppid) and as any process (its handle, its /proc entry).
            boolean gone = ParentWatch.gone(parent, true) || ParentWatch.gone(parent, false);
            Map<String, Object> metrics = ProcessMetrics.snapshot();
            var unix = (UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long listed = OpenDescriptors.listed(unix, unix.getMaxFileDescriptorCount());
            held.forEach(stream -> {
                try {
                    stream.close();
                } catch (java.io.IOException ignored) {
                    // closing /dev/null: nothing to lose
                }
            });
            System.out.println("parent gone: " + gone);
            System.out.println("open files: " + metrics.get("openFiles") + " of " + metrics.get("maxOpenFiles")
                    + " (before: " + before.get("openFiles") + "), listed: " + listed);
        }
    }

    /** Watches as a server does, with a shutdown hook that says it ran. */
    public static final class Watcher {
        public static void main(String[] args) throws InterruptedException {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("shutdown hook ran")));
            System.out.println("watcher pid " + ProcessHandle.current().pid());
            System.out.println(
                    "watching " + ParentWatch.start("watcher", System.out).getAsLong());
            Thread.sleep(60_000);
        }
    }
}
