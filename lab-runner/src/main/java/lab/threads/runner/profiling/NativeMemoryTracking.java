package lab.threads.runner.profiling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the servers the lab starts track their native memory ({@code -XX:NativeMemoryTracking}): their
 * {@code /stats/memory} can only tell platform threads' stacks from the rest of the native memory when they do, and
 * tracking costs each allocation a header and a count, so it is a choice of the run ({@code --native-memory-tracking}).
 */
public enum NativeMemoryTracking {
    SUMMARY,
    OFF;

    private static final String FLAG = "-XX:NativeMemoryTracking=";

    public static NativeMemoryTracking parse(String value) {
        for (NativeMemoryTracking mode : values()) {
            if (mode.name().toLowerCase(Locale.ROOT).equals(value.trim().toLowerCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new IllegalArgumentException("--native-memory-tracking must be summary or off, got '" + value + "'.");
    }

    /**
     * The servers' JVM flags with this mode's; flags that already choose a tracking mode keep theirs, the later flag
     * being the one the JVM would take anyway.
     */
    public List<String> applyTo(List<String> serverJvmFlags) {
        if (this == OFF || serverJvmFlags.stream().anyMatch(flag -> flag.startsWith(FLAG))) {
            return serverJvmFlags;
        }
        List<String> flags = new ArrayList<>(serverJvmFlags);
        flags.add(FLAG + name().toLowerCase(Locale.ROOT));
        return List.copyOf(flags);
    }
}
