package lab.threads.tasks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A line of whole numbers the fork prints for the runner: {@code <prefix>name=1 other=2}. */
final class CountsLine {
    private static final Pattern FIELD = Pattern.compile("([a-z_]+)=(-?\\d{1,18})");

    private CountsLine() {}

    static String format(String prefix, Map<String, Long> counts) {
        return prefix
                + counts.entrySet().stream()
                        .map(count -> count.getKey() + "=" + count.getValue())
                        .collect(Collectors.joining(" "));
    }

    /** @return the counts, or empty when the line has another prefix */
    static Optional<Map<String, Long>> parse(String prefix, String line) {
        if (line == null || !line.startsWith(prefix)) {
            return Optional.empty();
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        Matcher matcher = FIELD.matcher(line.substring(prefix.length()));
        while (matcher.find()) {
            counts.put(matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        return Optional.of(counts);
    }
}
