package lab.threads.process;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * {@code getrusage(RUSAGE_SELF)} through the FFM API: CPU time and context switches of the whole process, threads
 * that already ended included. {@code /proc/self/status} would give the main thread's switches only, and summing
 * {@code /proc/self/task/*} costs a file per thread (tens of thousands under load) and misses the threads that
 * ended: only getrusage reads the counts the kernel folds into the process when a thread exits.
 *
 * @param maxRssBytes the peak resident set size so far ({@code ru_maxrss})
 */
public record ResourceUsage(
        long userMs, long systemMs, long voluntarySwitches, long involuntarySwitches, long maxRssBytes) {
    private static final int RUSAGE_SELF = 0;
    /** Linux x86_64 and aarch64 {@code struct rusage}: two timevals, then 14 longs: maxrss (kB) first, nvcsw and nivcsw last. */
    private static final long SIZE = 144;

    private static final long MAXRSS_KB = 32;
    private static final long NVCSW = 128;
    private static final long NIVCSW = 136;
    private static final MethodHandle GETRUSAGE = lookup();

    public static Optional<ResourceUsage> read() {
        if (GETRUSAGE == null) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment usage = arena.allocate(SIZE, 8);
            if ((int) GETRUSAGE.invokeExact(RUSAGE_SELF, usage) != 0) {
                return Optional.empty();
            }
            return Optional.of(new ResourceUsage(
                    millis(usage, 0),
                    millis(usage, 16),
                    usage.get(ValueLayout.JAVA_LONG, NVCSW),
                    usage.get(ValueLayout.JAVA_LONG, NIVCSW),
                    usage.get(ValueLayout.JAVA_LONG, MAXRSS_KB) * 1024));
        } catch (Throwable e) {
            return Optional.empty();
        }
    }

    private static long millis(MemorySegment usage, long offset) {
        return usage.get(ValueLayout.JAVA_LONG, offset) * 1000 + usage.get(ValueLayout.JAVA_LONG, offset + 8) / 1000;
    }

    private static MethodHandle lookup() {
        if (!System.getProperty("os.name").startsWith("Linux")) {
            return null;
        }
        Linker linker = Linker.nativeLinker();
        return linker.defaultLookup()
                .find("getrusage")
                .map(address -> linker.downcallHandle(
                        address,
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS)))
                .orElse(null);
    }
}
