package lab.threads.tasks;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import lab.threads.process.ResourceUsage;

/**
 * One batch as the seeds ran it: every task submitted at once to one executor in try-with-resources, whose
 * {@code close()} waits for them all. A task that cannot get a thread is counted and the rest still go in: a
 * thread-per-task run at this machine's thread ceiling must report its failures, not lose the figures.
 */
final class TaskBatch {
    private final TaskSpec spec;
    private final Supplier<ExecutorService> executor;
    private final LongAdder submitted = new LongAdder();
    private final LongAdder failedToStart = new LongAdder();
    private final LongAdder completed = new LongAdder();
    private final LongAdder onVirtual = new LongAdder();
    private final AtomicReference<String> firstFailure = new AtomicReference<>();
    /** Counted down once per task, run or refused: seed 000's whole task, and when the last one ended for all. */
    private final CountDownLatch finished;

    private volatile long startNanos;
    private long allDoneMs;

    TaskBatch(TaskSpec spec) {
        this(spec, () -> spec.model().executor(spec.poolSize()));
    }

    /** @param executor stands in for the model's executor (a test's, refusing threads) */
    TaskBatch(TaskSpec spec, Supplier<ExecutorService> executor) {
        this.spec = spec;
        this.executor = executor;
        this.finished = new CountDownLatch(spec.tasks());
    }

    TaskOutcome run() {
        ResourceUsage before = usage();
        startNanos = System.nanoTime();
        try (ExecutorService executor = this.executor.get()) {
            for (int i = 0; i < spec.tasks(); i++) {
                submit(executor);
            }
            awaitFinished();
        }
        long wallMs = (System.nanoTime() - startNanos) / 1_000_000;
        ResourceUsage after = usage();
        return new TaskOutcome(
                spec.tasks(),
                submitted.sum(),
                failedToStart.sum(),
                completed.sum(),
                onVirtual.sum(),
                allDoneMs,
                wallMs,
                after.userMs() - before.userMs(),
                after.systemMs() - before.systemMs(),
                after.voluntarySwitches() - before.voluntarySwitches(),
                after.involuntarySwitches() - before.involuntarySwitches(),
                after.maxRssBytes(),
                ManagementFactory.getThreadMXBean().getPeakThreadCount());
    }

    private void submit(ExecutorService executor) {
        try {
            executor.execute(this::task);
            submitted.increment();
        } catch (OutOfMemoryError | RejectedExecutionException noThread) {
            // OutOfMemoryError here is "unable to create native thread": the heap is fine, the OS said no.
            failedToStart.increment();
            finished.countDown();
            firstFailure.compareAndSet(null, noThread.toString());
        }
    }

    private void task() {
        try {
            if (spec.sleepMs() > 0) {
                Thread.sleep(Duration.ofMillis(spec.sleepMs()));
            }
            if (Thread.currentThread().isVirtual()) {
                onVirtual.increment();
            }
            completed.increment();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // not completed
        } finally {
            finished.countDown();
        }
    }

    /** The last task ended: {@code close()} then only waits for the executor's threads to end. */
    private void awaitFinished() {
        try {
            finished.await();
            allDoneMs = (System.nanoTime() - startNanos) / 1_000_000;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Where the batch is now; before {@link #run()} starts, all zero. */
    TaskProgress progress() {
        long start = startNanos;
        return new TaskProgress(
                start == 0 ? 0 : (System.nanoTime() - start) / 1_000_000,
                submitted.sum(),
                completed.sum(),
                failedToStart.sum());
    }

    /** The first refusal's words ({@code java.lang.OutOfMemoryError: unable to create native thread: ...}), or null. */
    String firstFailure() {
        return firstFailure.get();
    }

    private static ResourceUsage usage() {
        // Off Linux there is no getrusage to call: the CPU and switch figures then read 0, and the runner's /proc
        // view is missing too.
        return ResourceUsage.read().orElse(new ResourceUsage(0, 0, 0, 0, 0));
    }
}
