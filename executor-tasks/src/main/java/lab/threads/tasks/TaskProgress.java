package lab.threads.tasks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A progress line, printed by the fork every second: {@code progress elapsed_ms=3000 submitted=100000
 * completed=41234 failed=0}.
 */
public record TaskProgress(long elapsedMs, long submitted, long completed, long failedToStart) {
    static final String PREFIX = "progress ";

    String format() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("elapsed_ms", elapsedMs);
        counts.put("submitted", submitted);
        counts.put("completed", completed);
        counts.put("failed", failedToStart);
        return CountsLine.format(PREFIX, counts);
    }

    public static Optional<TaskProgress> parse(String line) {
        return CountsLine.parse(PREFIX, line).flatMap(counts -> {
            if (!counts.keySet().containsAll(java.util.List.of("elapsed_ms", "submitted", "completed", "failed"))) {
                return Optional.empty();
            }
            return Optional.of(new TaskProgress(
                    counts.get("elapsed_ms"), counts.get("submitted"), counts.get("completed"), counts.get("failed")));
        });
    }
}
