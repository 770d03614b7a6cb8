package lab.threads.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
     * descriptors opens files until refused, then looks at its living parent and takes a metrics snapshot.
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
            System.out.println("parent gone before: " + ParentWatch.gone(parent));
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
            boolean gone = ParentWatch.gone(parent);
            Map<String, Object> metrics = ProcessMetrics.snapshot();
            held.forEach(stream -> {
                try {
                    stream.close();
                } catch (java.io.IOException ignored) {
                    // closing /dev/null: nothing to lose
                }
            });
            System.out.println("parent gone: " + gone);
            System.out.println("open files: " + metrics.get("openFiles") + " of " + metrics.get("maxOpenFiles")
                    + " (before: " + before.get("openFiles") + ")");
        }
    }

    /** Watches as a server does, with a shutdown hook that says it ran. */
    public static final class Watcher {
        public static void main(String[] args) throws InterruptedException {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("shutdown hook ran")));
            System.out.println(
                    "watching " + ParentWatch.start("watcher", System.out).getAsLong());
            Thread.sleep(60_000);
        }
    }
}
