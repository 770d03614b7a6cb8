package lab.threads.common;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/** Limits of this process and kernel that the servers' defaults are derived from. */
public final class OsLimits {
    private OsLimits() {}

    /** The process's open-files limit (the soft {@code ulimit -n}), or empty where the JVM cannot tell. */
    public static OptionalInt openFiles() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix) {
            return OptionalInt.of((int) Math.min(Integer.MAX_VALUE, unix.getMaxFileDescriptorCount()));
        }
        return OptionalInt.empty();
    }

    /** {@code net.core.somaxconn}: the kernel silently caps every listen backlog at this value. */
    public static OptionalInt somaxconn() {
        try {
            // Not Files.readString: on this kernel it returns only the first byte of a sysctl file ("4" for 4096).
            return OptionalInt.of(Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/core/somaxconn"))
                    .getFirst()
                    .trim()));
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty();
        }
    }
}
