package lab.threads.runner.profiling;

/** Starts and joins platform threads for a second: the thread-per-request model's cost in miniature. */
public final class ThreadStartsOnPurpose {
    private ThreadStartsOnPurpose() {}

    public static void main(String[] args) throws InterruptedException {
        for (long end = System.nanoTime() + 1_000_000_000L; System.nanoTime() < end; ) {
            Thread thread = Thread.ofPlatform().start(() -> {});
            thread.join();
        }
    }
}
