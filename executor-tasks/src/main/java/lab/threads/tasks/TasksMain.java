package lab.threads.tasks;

import java.time.Duration;
import lab.threads.process.ParentWatch;

/**
 * {@code java -cp ... lab.threads.tasks.TasksMain --model=virtual --tasks=100000 --sleep-ms=1000 --pool-size=0}:
 * runs one batch and prints a progress line every second, then the result line (and the first failure to start a
 * thread, if any) for the runner. Exit code 0 when every task completed, 1 when some did not, 2 for bad arguments.
 */
public final class TasksMain {
    static final String FAILURE_PREFIX = "first_failure ";
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(1);

    private TasksMain() {}

    public static void main(String[] args) {
        // First, while threads are still to be had: a batch at the thread ceiling could not start the watch.
        ParentWatch.start("executor-tasks", System.err);
        TaskSpec spec;
        try {
            spec = TaskSpec.parse(args);
        } catch (IllegalArgumentException bad) {
            System.err.println("executor-tasks: " + bad.getMessage());
            System.exit(2);
            return;
        }
        TaskBatch batch = new TaskBatch(spec);
        // Started before the batch, so a batch at the thread ceiling cannot keep its progress from being told.
        Thread progress =
                Thread.ofPlatform().daemon().name("progress").start(() -> printProgressUntilInterrupted(batch));
        TaskOutcome outcome = batch.run();
        progress.interrupt();
        System.out.println(batch.progress().format());
        if (batch.firstFailure() != null) {
            System.out.println(FAILURE_PREFIX + batch.firstFailure());
        }
        System.out.println(outcome.format());
        System.exit(outcome.allCompleted() ? 0 : 1);
    }

    private static void printProgressUntilInterrupted(TaskBatch batch) {
        while (true) {
            try {
                Thread.sleep(PROGRESS_EVERY);
            } catch (InterruptedException e) {
                return;
            }
            System.out.println(batch.progress().format());
        }
    }

    /** The first failure's words in a fork's output line, or null for any other line. */
    public static String failure(String line) {
        return line != null && line.startsWith(FAILURE_PREFIX) ? line.substring(FAILURE_PREFIX.length()) : null;
    }
}
