package lab.threads.tasks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * What a batch did, seen from inside the fork; the last line it prints: {@code result tasks=... completed=...}.
 * CPU and context switches are getrusage's, taken before the first task was submitted and after {@code close()}
 * returned, so the JVM's start and end are not in them; they count every thread, those that ended included (the
 * kernel has no such total in /proc: there the counts are per live thread).
 *
 * @param submitted            tasks the executor accepted
 * @param failedToStart        tasks it refused because no thread could be created ({@code OutOfMemoryError:
 *                             unable to create native thread}) or it rejected them: counted, never fatal
 * @param completed            tasks that ran to their end
 * @param onVirtual            of those, how many ran on a virtual thread
 * @param allDoneMs            first submit to the last task's end
 * @param wallMs               first submit to the executor's {@code close()} returning: its threads ended too
 * @param peakJvmThreads       the JVM's peak of live platform threads ({@code ThreadMXBean}), the fork's own view
 *                             beside the OS count the runner samples
 * @param maxRssBytes          {@code ru_maxrss}: the process's peak RSS
 */
public record TaskOutcome(
        long tasks,
        long submitted,
        long failedToStart,
        long completed,
        long onVirtual,
        long allDoneMs,
        long wallMs,
        long userMs,
        long systemMs,
        long voluntarySwitches,
        long involuntarySwitches,
        long maxRssBytes,
        long peakJvmThreads) {
    static final String PREFIX = "result ";
    private static final List<Map.Entry<String, ToLongFunction<TaskOutcome>>> FIELDS = List.of(
            Map.entry("tasks", TaskOutcome::tasks),
            Map.entry("submitted", TaskOutcome::submitted),
            Map.entry("failed_to_start", TaskOutcome::failedToStart),
            Map.entry("completed", TaskOutcome::completed),
            Map.entry("on_virtual", TaskOutcome::onVirtual),
            Map.entry("all_done_ms", TaskOutcome::allDoneMs),
            Map.entry("wall_ms", TaskOutcome::wallMs),
            Map.entry("user_ms", TaskOutcome::userMs),
            Map.entry("system_ms", TaskOutcome::systemMs),
            Map.entry("voluntary_switches", TaskOutcome::voluntarySwitches),
            Map.entry("involuntary_switches", TaskOutcome::involuntarySwitches),
            Map.entry("max_rss_bytes", TaskOutcome::maxRssBytes),
            Map.entry("peak_jvm_threads", TaskOutcome::peakJvmThreads));

    /** Every task submitted ran to its end. */
    public boolean allCompleted() {
        return completed == tasks && failedToStart == 0;
    }

    String format() {
        Map<String, Long> counts = new LinkedHashMap<>();
        FIELDS.forEach(field -> counts.put(field.getKey(), field.getValue().applyAsLong(this)));
        return CountsLine.format(PREFIX, counts);
    }

    /** @return the outcome a result line reports; empty for any other line, or one missing a field */
    public static Optional<TaskOutcome> parse(String line) {
        return CountsLine.parse(PREFIX, line).flatMap(counts -> {
            List<String> names = FIELDS.stream().map(Map.Entry::getKey).toList();
            if (!counts.keySet().containsAll(names)) {
                return Optional.empty();
            }
            long[] v = names.stream().mapToLong(counts::get).toArray();
            return Optional.of(
                    new TaskOutcome(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12]));
        });
    }
}
