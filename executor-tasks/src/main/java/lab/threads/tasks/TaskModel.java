package lab.threads.tasks;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The three executors, each closed with try-with-resources: {@code close()} waits for every task submitted. */
public enum TaskModel {
    /** The seeds' platform mode: a fixed pool of {@code poolSize} threads, or the cached pool when it is 0. */
    POOL,
    /** A brand-new platform thread per task, never reused: what a thread-per-request server does. */
    THREAD,
    /** A virtual thread per task. */
    VIRTUAL;

    /** @param poolSize threads of a fixed pool; 0 for {@link Executors#newCachedThreadPool()} (POOL only) */
    ExecutorService executor(int poolSize) {
        return switch (this) {
            case POOL -> poolSize == 0 ? Executors.newCachedThreadPool() : Executors.newFixedThreadPool(poolSize);
            case THREAD ->
                Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory());
            case VIRTUAL -> Executors.newVirtualThreadPerTaskExecutor();
        };
    }

    /** Its name on the command line and in files: {@code pool}, {@code thread}, {@code virtual}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TaskModel of(String id) {
        return Arrays.stream(values())
                .filter(model -> model.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown model '" + id + "': pool, thread or virtual"));
    }
}
