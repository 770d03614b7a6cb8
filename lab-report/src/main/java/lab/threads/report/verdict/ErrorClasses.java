package lab.threads.report.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import lab.threads.model.samples.Sample;

/** Counts failed samples by {@link ErrorClass}, in total and per second; each lands in exactly one row. */
public final class ErrorClasses implements Consumer<Sample> {

    private final Map<String, ErrorClassTally.Row> rows = new LinkedHashMap<>();
    private final Map<String, Long> totals = new LinkedHashMap<>();
    private final TreeMap<Long, Map<String, Long>> bySecond = new TreeMap<>();

    @Override
    public void accept(Sample sample) {
        if (sample.success()) {
            return;
        }
        ErrorClass errorClass = ErrorClass.of(sample);
        String cause = errorClass == ErrorClass.HTTP_5XX
                ? sample.responseCode() + " "
                        + (sample.serverCause() == null ? "(no cause named)" : sample.serverCause())
                : "";
        String key = cause.isEmpty() ? errorClass.label() : errorClass.label() + ": " + cause;
        rows.computeIfAbsent(
                key,
                any -> new ErrorClassTally.Row(
                        key, errorClass.label(), errorClass.side().label(), errorClass.limit(sample.serverCause()), 0));
        totals.merge(key, 1L, Long::sum);
        bySecond.computeIfAbsent(Math.floorDiv(sample.endTime(), 1000), any -> new LinkedHashMap<>())
                .merge(key, 1L, Long::sum);
    }

    /** The counts, most frequent row first, each second numbered from {@code loadStartMs}. */
    public ErrorClassTally tally(long loadStartMs) {
        List<ErrorClassTally.Row> counted = rows.values().stream()
                .map(row -> row.withCount(totals.get(row.key())))
                .sorted(Comparator.comparingLong(ErrorClassTally.Row::count)
                        .reversed()
                        .thenComparing(ErrorClassTally.Row::key))
                .toList();
        long startSecond = Math.floorDiv(loadStartMs, 1000);
        List<ErrorClassTally.Second> seconds = new ArrayList<>();
        bySecond.forEach((second, counts) -> {
            // In the rows' order, most frequent first, so every second reads alike.
            Map<String, Long> ordered = new LinkedHashMap<>();
            counted.stream()
                    .filter(row -> counts.containsKey(row.key()))
                    .forEach(row -> ordered.put(row.key(), counts.get(row.key())));
            seconds.add(new ErrorClassTally.Second(second - startSecond, ordered));
        });
        return new ErrorClassTally(counted, seconds);
    }
}
