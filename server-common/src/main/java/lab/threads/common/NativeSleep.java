package lab.threads.common;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import lab.threads.process.ResourceUsage;

/**
 * {@code how=native}: libc's {@code usleep} called through the Foreign Function and Memory API, so a native frame is on
 * the thread's stack while it waits, and the thread never parks. The API is final from JDK 22 and a preview in 21;
 * the servers built for JDK 21 ({@code ./lab pinning --server-jdk 21}) are compiled against JDK 25's API for target
 * 21 ({@code javac --release 21} refuses a preview API), and JDK 21's runtime makes the same downcall without
 * {@code --enable-preview} (as for {@link ResourceUsage}'s getrusage).
 */
final class NativeSleep {
    private static final MethodHandle USLEEP;
    private static final String MISSING;

    static {
        MethodHandle handle = null;
        String missing = null;
        try {
            Linker linker = Linker.nativeLinker();
            handle = linker.downcallHandle(
                    linker.defaultLookup()
                            .find("usleep")
                            .orElseThrow(() -> new IllegalStateException("libc has no usleep")),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        } catch (RuntimeException | LinkageError e) {
            missing = "how=native needs libc's usleep through the FFM API; on " + Runtime.version() + ": " + e;
        }
        USLEEP = handle;
        MISSING = missing;
    }

    private NativeSleep() {}

    static Optional<String> unavailable() {
        return Optional.ofNullable(MISSING);
    }

    /** The contract caps N at 60 s, far below usleep's limit (useconds_t: about 4,295 s). */
    static void usleep(long millis) {
        int micros = Math.toIntExact(millis * 1000);
        int result;
        try {
            result = (int) USLEEP.invokeExact(micros);
        } catch (Throwable e) {
            throw new IllegalStateException("usleep(" + micros + ") failed", e);
        }
        if (result != 0) {
            throw new IllegalStateException("usleep(" + micros + ") returned " + result);
        }
    }
}
