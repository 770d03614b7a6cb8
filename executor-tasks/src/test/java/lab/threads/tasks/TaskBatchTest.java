package lab.threads.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TaskBatchTest {

    @ParameterizedTest
    @CsvSource({"POOL, 0, 20", "POOL, 4, 20", "POOL, 4, 0", "THREAD, 0, 20", "VIRTUAL, 0, 20", "VIRTUAL, 0, 0"})
    void everyTaskCompletesOnTheModelsKindOfThread(TaskModel model, int poolSize, long sleepMs) {
        TaskOutcome outcome = new TaskBatch(new TaskSpec(model, 200, sleepMs, poolSize)).run();

        assertEquals(200, outcome.submitted());
        assertEquals(200, outcome.completed());
        assertEquals(0, outcome.failedToStart());
        assertTrue(outcome.allCompleted());
        assertEquals(model == TaskModel.VIRTUAL ? 200 : 0, outcome.onVirtual(), "tasks seen on a virtual thread");
        assertTrue(outcome.allDoneMs() <= outcome.wallMs(), "the last task ends before close() returns");
    }

    @Test
    void aThreadThatCannotBeCreatedIsCountedAndTheRestStillRun() {
        AtomicInteger made = new AtomicInteger();
        // Every third thread is refused as the OS refuses one at its ceiling.
        ThreadFactory stingy = task -> {
            if (made.incrementAndGet() % 3 == 0) {
                throw new OutOfMemoryError("unable to create native thread: possibly out of memory");
            }
            return Thread.ofPlatform().unstarted(task);
        };
        TaskBatch batch = new TaskBatch(
                new TaskSpec(TaskModel.THREAD, 30, 1, 0), () -> Executors.newThreadPerTaskExecutor(stingy));

        TaskOutcome outcome = batch.run();

        assertEquals(10, outcome.failedToStart());
        assertEquals(20, outcome.submitted());
        assertEquals(20, outcome.completed());
        assertFalse(outcome.allCompleted());
        assertTrue(batch.firstFailure().contains("unable to create native thread"), batch.firstFailure());
    }

    @Test
    void theResultAndProgressLinesReadBack() {
        TaskOutcome outcome = new TaskOutcome(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13);
        assertEquals(outcome, TaskOutcome.parse(outcome.format()).orElseThrow());
        TaskProgress progress = new TaskProgress(1000, 50, 40, 2);
        assertEquals(progress, TaskProgress.parse(progress.format()).orElseThrow());
        assertTrue(TaskOutcome.parse("progress elapsed_ms=1").isEmpty());
        assertTrue(TaskOutcome.parse("result tasks=1").isEmpty(), "a result line missing fields is no result");
        assertEquals("java.lang.OutOfMemoryError: x", TasksMain.failure("first_failure java.lang.OutOfMemoryError: x"));
    }

    @Test
    void theSpecReadsBackFromItsArgumentsAndRefusesOthers() {
        TaskSpec spec = new TaskSpec(TaskModel.POOL, 100_000, 1000, 0);
        assertEquals(spec, TaskSpec.parse(spec.arguments().toArray(String[]::new)));
        assertThrows(IllegalArgumentException.class, () -> TaskSpec.parse("--model=pool", "--tasks=3"));
        assertThrows(IllegalArgumentException.class, () -> TaskModel.of("fiber"));
        assertThrows(IllegalArgumentException.class, () -> new TaskSpec(TaskModel.POOL, 0, 1, 0));
    }
}
