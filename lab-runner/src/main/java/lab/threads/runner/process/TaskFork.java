package lab.threads.runner.process;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import lab.threads.process.ParentWatch;
import lab.threads.process.ResourceUsage;
import lab.threads.run.RunFolder;
import lab.threads.runner.outside.ProcessCounters;
import lab.threads.tasks.TaskOutcome;
import lab.threads.tasks.TaskProgress;
import lab.threads.tasks.TaskRun;
import lab.threads.tasks.TaskSpec;
import lab.threads.tasks.TasksMain;

/**
 * One (seed, model) batch in a JVM of its own ({@link TasksMain}), watched from /proc every 100 ms ({@code
 * proc.jsonl}), its output in {@code fork.log}. A fork that dies, refuses threads or overruns still gives a {@link
 * TaskRun} saying so.
 */
public final class TaskFork {
    /** Often enough to see a 2 s batch's peak, rare enough to cost a small share of a core (docs/results.md). */
    static final Duration SAMPLE_EVERY = Duration.ofMillis(100);

    static final String LOG_FILE = RunFolder.TASK_LOG_FILE;
    static final String PROC_FILE = RunFolder.TASK_PROC_FILE;
    private static final ObjectMapper JSON = new ObjectMapper();

    private TaskFork() {}

    /** @param watcher told each progress line of the fork with the OS threads it holds now */
    public static TaskRun run(
            String seed,
            TaskSpec spec,
            int repeat,
            List<String> jvmFlags,
            Path caseDir,
            Duration timeout,
            BiConsumer<TaskProgress, Long> watcher)
            throws IOException, InterruptedException {
        Files.createDirectories(caseDir);
        List<String> command = new ArrayList<>(List.of(Java.executable()));
        command.addAll(jvmFlags);
        command.addAll(List.of("-cp", classPath(), TasksMain.class.getName()));
        command.addAll(spec.arguments());
        long started = System.nanoTime();
        // However this JVM ends, SIGKILL included, the fork stops with it (TasksMain watches its parent).
        Process fork = ParentWatch.stopWithThis(new ProcessBuilder(command))
                .redirectErrorStream(true)
                .start();
        AtomicLong osThreads = new AtomicLong();
        AtomicReference<ProcessCounters> last = new AtomicReference<>();
        Thread sampler = Thread.ofPlatform()
                .daemon()
                .name("task-fork-proc")
                .start(() -> sampleUntilEnded(fork, caseDir.resolve(PROC_FILE), osThreads, last));
        Output output = read(fork, caseDir.resolve(LOG_FILE), osThreads, watcher);
        boolean ended = fork.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            fork.destroyForcibly().waitFor();
        }
        output.reader().join();
        sampler.join();
        long wallMs = (System.nanoTime() - started) / 1_000_000;
        TaskOutcome outcome = output.outcome().get();
        ProcessCounters counters = last.get();
        return new TaskRun(
                seed,
                spec.model().id(),
                repeat,
                spec.tasks(),
                ended ? fork.exitValue() : null,
                outcome,
                counters == null ? null : osThreads.get(),
                counters == null ? null : counters.peakRssBytes(),
                counters == null ? null : counters.cpuUserMs() + counters.cpuSystemMs(),
                wallMs,
                failure(ended, timeout, fork, outcome, output.failure().get(), spec));
    }

    /** Why not every task completed, in words; null when every one did. */
    private static String failure(
            boolean ended, Duration timeout, Process fork, TaskOutcome outcome, String refused, TaskSpec spec) {
        if (!ended) {
            return "stopped after " + timeout.toSeconds() + " s (--case-timeout-s); see " + LOG_FILE;
        }
        if (outcome == null) {
            return "the fork ended (exit code " + fork.exitValue() + ") without a result line; see " + LOG_FILE;
        }
        if (outcome.allCompleted() && outcome.tasks() == spec.tasks()) {
            return null;
        }
        return String.format(
                "%,d of %,d tasks completed, %,d got no thread%s",
                outcome.completed(),
                spec.tasks(),
                outcome.failedToStart(),
                refused == null ? "" : " (first: " + refused + ")");
    }

    private record Output(Thread reader, AtomicReference<TaskOutcome> outcome, AtomicReference<String> failure) {}

    /** Copies the fork's lines to its log and keeps its result; each progress line goes to the watcher. */
    private static Output read(Process fork, Path log, AtomicLong osThreads, BiConsumer<TaskProgress, Long> watcher)
            throws IOException {
        AtomicReference<TaskOutcome> outcome = new AtomicReference<>();
        AtomicReference<String> failure = new AtomicReference<>();
        BufferedWriter out = Files.newBufferedWriter(log);
        Thread reader = Thread.ofPlatform().daemon().name("task-fork-output").start(() -> {
            try (out;
                    BufferedReader in =
                            new BufferedReader(new InputStreamReader(fork.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    out.write(line);
                    out.newLine();
                    TaskOutcome.parse(line).ifPresent(outcome::set);
                    Optional.ofNullable(TasksMain.failure(line)).ifPresent(failure::set);
                    TaskProgress.parse(line).ifPresent(progress -> watcher.accept(progress, osThreads.get()));
                }
            } catch (IOException lost) {
                // The fork's output ended with it; what was read is kept.
            }
        });
        return new Output(reader, outcome, failure);
    }

    /** Every 100 ms until the fork ends: the highest thread count seen, the last counters, a line each. */
    private static void sampleUntilEnded(
            Process fork, Path file, AtomicLong peakThreads, AtomicReference<ProcessCounters> last) {
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            long start = System.nanoTime();
            while (fork.isAlive()) {
                Optional<ProcessCounters> now = ProcessCounters.read(fork.pid());
                if (now.isPresent()) {
                    ProcessCounters counters = now.get();
                    // A zombie JVM (threads ending) has no memory lines: the last live reading stays.
                    if (counters.peakRssBytes() != null) {
                        last.set(counters);
                    }
                    peakThreads.accumulateAndGet(counters.osThreads(), Math::max);
                    Map<String, Object> line = new LinkedHashMap<>();
                    line.put("elapsedMs", (System.nanoTime() - start) / 1_000_000);
                    line.put("osThreads", counters.osThreads());
                    line.put("rssBytes", counters.rssBytes());
                    line.put("cpuUserMs", counters.cpuUserMs());
                    line.put("cpuSystemMs", counters.cpuSystemMs());
                    out.write(JSON.writeValueAsString(line));
                    out.newLine();
                }
                Thread.sleep(SAMPLE_EVERY);
            }
        } catch (IOException lost) {
            // The series stops here; the figures sampled so far stand.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The fork's classpath: executor-tasks, lab-process and picocli, never the runner's other jars. */
    static String classPath() {
        return String.join(
                java.io.File.pathSeparator,
                location(TasksMain.class),
                location(ResourceUsage.class),
                location(picocli.CommandLine.class));
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate " + type.getName() + "'s jar", e);
        }
    }
}
