package lab.threads.common;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM's Native Memory Tracking summary ({@code jcmd <pid> VM.native_memory summary}): each category's committed
 * memory and the thread stacks' reserved and committed lines, the one view of platform threads' stacks.
 *
 * @param committedByCategory each category's committed memory, by NMT's name for it ("Java Heap", "Thread", ...)
 * @param threadStackCommittedBytes what of it the stacks committed (touched pages)
 */
public record NativeMemorySummary(
        long committedBytes,
        Map<String, Long> committedByCategory,
        long threadStackReservedBytes,
        long threadStackCommittedBytes) {
    /** NMT's name of the heap's category. */
    static final String JAVA_HEAP = "Java Heap";

    private static final String SIZE = "(\\d+)(B|KB|MB|GB)";
    private static final Pattern TOTAL =
            Pattern.compile("^Total: reserved=" + SIZE + ", committed=" + SIZE, Pattern.MULTILINE);
    private static final Pattern CATEGORY =
            Pattern.compile("^-\\s+(.+?) \\(reserved=" + SIZE + ", committed=" + SIZE, Pattern.MULTILINE);
    private static final Pattern STACK = Pattern.compile("\\(stack: reserved=" + SIZE + ", committed=" + SIZE);

    public NativeMemorySummary {
        committedByCategory = Map.copyOf(committedByCategory);
    }

    /** The summary in NMT's text; empty when it holds none (the JVM runs without {@code -XX:NativeMemoryTracking}). */
    public static Optional<NativeMemorySummary> parse(String text) {
        Matcher total = TOTAL.matcher(text);
        Matcher stack = STACK.matcher(text);
        if (!total.find() || !stack.find()) {
            return Optional.empty();
        }
        Map<String, Long> categories = new LinkedHashMap<>();
        Matcher category = CATEGORY.matcher(text);
        while (category.find()) {
            categories.put(category.group(1).trim(), bytes(category.group(4), category.group(5)));
        }
        return Optional.of(new NativeMemorySummary(
                bytes(total.group(3), total.group(4)),
                categories,
                bytes(stack.group(1), stack.group(2)),
                bytes(stack.group(3), stack.group(4))));
    }

    /** The committed native memory neither the heap nor the stacks account for: metaspace, code, GC, the rest. */
    public long otherCommittedBytes() {
        return committedBytes - committedByCategory.getOrDefault(JAVA_HEAP, 0L) - threadStackCommittedBytes;
    }

    private static long bytes(String number, String unit) {
        long value = Long.parseLong(number);
        return switch (unit) {
            case "KB" -> value << 10;
            case "MB" -> value << 20;
            case "GB" -> value << 30;
            default -> value;
        };
    }
}
