package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A stop's wait for the requests in flight lasts until their answers are written, not only until their sleeps end: a
 * server that closed its connections between the two cut the answer (the JDK client then retried on a closed port).
 */
class StopAwaitsAnswersTest {

    @Test
    void aSleepThatEndedHoldsTheStopUntilItsAnswerIsWritten() throws Exception {
        SleepContract contract = contract();
        SleepJob job = new SleepJob(10, null, false, System.nanoTime());
        contract.sleepStarted(job);
        contract.slept(job); // the sleep is over; its answer is not yet written

        CompletableFuture<Boolean> stop =
                CompletableFuture.supplyAsync(() -> contract.awaitNoneInFlight(Duration.ofSeconds(10)));
        Thread.sleep(300);
        assertFalse(stop.isDone(), "the stop waits for the answer's write");

        contract.responded(job);
        assertTrue(stop.get(2, TimeUnit.SECONDS), "and goes on once it is written");
    }

    @Test
    void anAnswerNeverWrittenHoldsTheStopOnlyItsWriteGrace() throws Exception {
        SleepContract contract = contract();
        SleepJob job = new SleepJob(10, null, false, System.nanoTime());
        contract.sleepStarted(job);
        contract.slept(job); // its client is gone: the framework never says the answer was written

        long start = System.nanoTime();
        assertTrue(contract.awaitNoneInFlight(Duration.ofSeconds(30)));
        long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(waitedMs < 5_000, "bounded by the write grace, not the stop's 30 s: " + waitedMs + " ms");
    }

    private static SleepContract contract() {
        return new SleepContract(Variant.PLATFORM, ServerSettings.parse(Variant.PLATFORM, "--port=0"));
    }
}
