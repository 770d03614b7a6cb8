package lab.threads.tasks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one fork runs: {@code tasks} tasks submitted at once to one executor.
 *
 * @param sleepMs  each task sleeps this long ({@code Thread.sleep(Duration.ofMillis(sleepMs))}, as seed 003); 0:
 *                 the task only counts down a latch (seed 000's trivial task)
 * @param poolSize the fixed pool's threads (seeds 000, 001: 7,500); 0: the cached pool (seed 003)
 */
public record TaskSpec(TaskModel model, int tasks, long sleepMs, int poolSize) {

    public TaskSpec {
        if (tasks < 1 || sleepMs < 0 || poolSize < 0) {
            throw new IllegalArgumentException("tasks must be at least 1, sleep and pool size at least 0: " + tasks
                    + ", " + sleepMs + ", " + poolSize);
        }
    }

    /** The fork's arguments, {@code --name=value}; read back by {@link #parse}. */
    public List<String> arguments() {
        return List.of("--model=" + model.id(), "--tasks=" + tasks, "--sleep-ms=" + sleepMs, "--pool-size=" + poolSize);
    }

    static TaskSpec parse(String... args) {
        Map<String, String> given = new HashMap<>();
        List<String> unknown = new ArrayList<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            if (arg.startsWith("--") && equals > 2) {
                given.put(arg.substring(2, equals), arg.substring(equals + 1));
            } else {
                unknown.add(arg);
            }
        }
        if (!unknown.isEmpty() || !given.keySet().equals(java.util.Set.of("model", "tasks", "sleep-ms", "pool-size"))) {
            throw new IllegalArgumentException("usage: --model=pool|thread|virtual --tasks=N --sleep-ms=N --pool-size=N"
                    + " (each once), got " + List.of(args));
        }
        return new TaskSpec(
                TaskModel.of(given.get("model")),
                Integer.parseInt(given.get("tasks")),
                Long.parseLong(given.get("sleep-ms")),
                Integer.parseInt(given.get("pool-size")));
    }
}
