package lab.threads.common;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM's class histogram ({@code jcmd <pid> GC.class_histogram}), read from its text: the bytes of each class's
 * instances on the heap. Taken without {@code -all} the JVM collects first, so it counts live objects only.
 *
 * @param bytesByClass each class's instances' bytes, by its name without the module ({@code jdk.internal.vm.StackChunk})
 */
public record ClassHistogram(Map<String, Long> bytesByClass) {
    /** Where an unmounted virtual thread keeps its frames: its stack, on the heap. */
    static final String STACK_CHUNK = "jdk.internal.vm.StackChunk";

    /** {@code   5:           200         355200  jdk.internal.vm.StackChunk (java.base@25.0.3)} */
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+\\d+\\s+(\\d+)\\s+(\\S+)", Pattern.MULTILINE);

    public ClassHistogram {
        bytesByClass = Map.copyOf(bytesByClass);
    }

    public static ClassHistogram parse(String text) {
        Map<String, Long> bytes = new HashMap<>();
        Matcher row = ROW.matcher(text);
        while (row.find()) {
            bytes.merge(row.group(2), Long.parseLong(row.group(1)), Long::sum);
        }
        return new ClassHistogram(bytes);
    }

    /** The bytes of one class's instances; 0 when it has none. */
    public long bytesOf(String className) {
        return bytesByClass.getOrDefault(className, 0L);
    }

    /** The bytes of the virtual threads' stacks held on the heap while they are unmounted. */
    public long virtualThreadStackBytes() {
        return bytesOf(STACK_CHUNK);
    }
}
