package lab.threads.runner.profiling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --native-memory-tracking}: only with it can {@code /stats/memory} tell thread stacks from the rest of native
 * memory, and it costs every allocation a header, so the run chooses.
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

    /** The servers' JVM flags with this mode's; flags that already choose a mode keep theirs, as the JVM would. */
    public List<String> applyTo(List<String> serverJvmFlags) {
        if (this == OFF || serverJvmFlags.stream().anyMatch(flag -> flag.startsWith(FLAG))) {
            return serverJvmFlags;
        }
        List<String> flags = new ArrayList<>(serverJvmFlags);
        flags.add(FLAG + name().toLowerCase(Locale.ROOT));
        return List.copyOf(flags);
    }
}
