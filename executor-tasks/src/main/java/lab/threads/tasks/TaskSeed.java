package lab.threads.tasks;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * The three executor experiments the lab was built from (../shared/notes/SEEDS.md), with their set-up as they ran it
 * and what they published, on their machine and JDK. The lab adds a third model to each: a new platform thread per
 * task, what a thread-per-request server does.
 *
 * @param tasks     tasks submitted at once
 * @param sleepMs   each task's sleep; 0: the task only counts down a latch
 * @param poolSize  the platform mode's pool: a fixed pool of this many threads, or 0 for the cached pool
 * @param heap      the seed's own heap flag, or empty ("no JVM tuning")
 * @param published per figure (its key in tasks.json, the report's TaskFigure), the seed's published figure for each
 *                  model it ran, in its own words
 */
public enum TaskSeed {
    S000(
            "000",
            "100,000 trivial tasks (each counts down a CountDownLatch), a fixed pool of 7,500 against virtual threads",
            "2018 MacBook Pro, JDK 11 and JDK 15-loom, -Xmx256M",
            100_000,
            0,
            7_500,
            "-Xmx256m",
            Map.of("wallMs", Map.of(TaskModel.POOL, "2,581 (JDK 15-loom; JDK 11: 5,469)", TaskModel.VIRTUAL, "2,056"))),
    /** "A few milliseconds" each: the lab takes 5 ms, said on every page. */
    S001(
            "001",
            "1,000,000 events, each sleeping 5 ms (the seed: \"a few milliseconds\"), a fixed pool of 7,500 against"
                    + " virtual threads",
            "2018 MacBook Pro, JDK 15-loom, -Xmx2G",
            1_000_000,
            5,
            7_500,
            "-Xmx2g",
            Map.of(
                    "wallMs",
                    Map.of(TaskModel.POOL, "about 148,000", TaskModel.VIRTUAL, "about 5,000 (\"4-10 seconds\")"))),
    S003(
            "003",
            "100,000 tasks submitted at once, each sleeping 1,000 ms and incrementing a LongAdder, the cached pool against"
                    + " virtual threads",
            "Core 2 Duo, 2 cores 1.86 GHz, 8 GB, OpenJDK 21, no JVM tuning",
            100_000,
            1_000,
            0,
            "",
            Map.of(
                    "wallMs",
                    Map.of(TaskModel.POOL, "14,257", TaskModel.VIRTUAL, "5,066"),
                    "peakOsThreads",
                    Map.of(TaskModel.POOL, "3,252", TaskModel.VIRTUAL, "22"),
                    "switchesPerS",
                    Map.of(TaskModel.POOL, "45,250 (vmstat: the machine)", TaskModel.VIRTUAL, "6,521 (vmstat)"),
                    "kernelSharePercent",
                    Map.of(TaskModel.POOL, "~55 (vmstat: the machine's CPU)", TaskModel.VIRTUAL, "~19 (vmstat)")));

    private final String id;
    private final String setUp;
    private final String theirMachine;
    private final int tasks;
    private final long sleepMs;
    private final int poolSize;
    private final String heap;
    private final Map<String, Map<TaskModel, String>> published;

    TaskSeed(
            String id,
            String setUp,
            String theirMachine,
            int tasks,
            long sleepMs,
            int poolSize,
            String heap,
            Map<String, Map<TaskModel, String>> published) {
        this.id = id;
        this.setUp = setUp;
        this.theirMachine = theirMachine;
        this.tasks = tasks;
        this.sleepMs = sleepMs;
        this.poolSize = poolSize;
        this.heap = heap;
        this.published = published;
    }

    public String id() {
        return id;
    }

    public String setUp() {
        return setUp;
    }

    public String theirMachine() {
        return theirMachine;
    }

    public String heap() {
        return heap;
    }

    /** @param scale the share of the seed's task count to run (1: as the seed ran it); at least one task */
    public TaskSpec spec(TaskModel model, double scale) {
        return new TaskSpec(model, (int) Math.max(1, Math.round(tasks * scale)), sleepMs, poolSize);
    }

    /** The seed's figure for a model in its own words, or null where it published none. */
    public String published(String figureKey, TaskModel model) {
        return published.getOrDefault(figureKey, Map.of()).get(model);
    }

    /** The figures it published, by their keys. */
    public java.util.Set<String> publishedFigures() {
        return published.keySet();
    }

    /** "cached pool", "fixed pool of 7,500", "new thread per task", "virtual threads". */
    public String label(TaskModel model) {
        return switch (model) {
            case POOL -> poolSize == 0 ? "cached pool" : String.format(Locale.ROOT, "fixed pool of %,d", poolSize);
            case THREAD -> "new thread per task";
            case VIRTUAL -> "virtual threads";
        };
    }

    public static TaskSeed of(String id) {
        return Arrays.stream(values())
                .filter(seed -> seed.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown seed '" + id + "': 000, 001 or 003"));
    }
}
