package lab.threads.common;

/** A validated {@code GET /sleep} request, waiting to be run on the variant's thread. */
public record SleepJob(long millis) implements Outcome {
}
