package lab.threads.common;

/**
 * A validated {@code GET /sleep} request, waiting to be run on the variant's thread.
 *
 * @param receivedNanos {@link System#nanoTime()} when the lab's handler had the request: the server's own clock starts
 */
public record SleepJob(long millis, long receivedNanos) implements Outcome {
}
