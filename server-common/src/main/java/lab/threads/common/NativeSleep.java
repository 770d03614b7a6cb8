package lab.threads.common;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Optional;

/**
 * {@code how=native}: libc's {@code usleep} called through the Foreign Function and Memory API, so a native frame is on
 * the thread's stack while it waits. The API is final from JDK 22 and a preview in 21, where javac refuses it in
 * classes built for release 21 unless the whole build enables preview features; it is therefore reached reflectively
 * (the runtime of 21 does not check), so the same jar makes the same downcall on 21 and 25. Servers are started with
 * {@code --enable-native-access=ALL-UNNAMED}.
 */
final class NativeSleep {
    private static final MethodHandle USLEEP;
    private static final String MISSING;

    static {
        MethodHandle handle = null;
        String missing = null;
        try {
            handle = usleepHandle();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            missing = "how=native needs the FFM API (java.lang.foreign, JDK 21+) and libc's usleep; on "
                    + Runtime.version() + " it failed: " + e;
        }
        USLEEP = handle;
        MISSING = missing;
    }

    private NativeSleep() {}

    static Optional<String> unavailable() {
        return Optional.ofNullable(MISSING);
    }

    static void usleep(long millis) {
        long micros = millis * 1000;
        // usleep takes at most a little under 4,295 s (useconds_t), far above the contract's 60 s
        try {
            int result = (int) USLEEP.invokeExact((int) micros);
            if (result != 0) {
                throw new IllegalStateException("usleep(" + micros + ") returned " + result);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code Linker.nativeLinker().downcallHandle(defaultLookup().find("usleep"), FunctionDescriptor.of(INT, INT))}. */
    private static MethodHandle usleepHandle() throws ReflectiveOperationException {
        Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
        Class<?> layoutType = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
        Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");
        Object linker = linkerType.getMethod("nativeLinker").invoke(null);
        Object lookup = linkerType.getMethod("defaultLookup").invoke(linker);
        Object usleep = ((Optional<?>) Class.forName("java.lang.foreign.SymbolLookup")
                        .getMethod("find", String.class)
                        .invoke(lookup, "usleep"))
                .orElseThrow(() -> new IllegalStateException("libc has no usleep"));
        Object javaInt = Class.forName("java.lang.foreign.ValueLayout")
                .getField("JAVA_INT")
                .get(null);
        Object arguments = Array.newInstance(layoutType, 1);
        Array.set(arguments, 0, javaInt);
        Object descriptor =
                descriptorType.getMethod("of", layoutType, arguments.getClass()).invoke(null, javaInt, arguments);
        Object noOptions = Array.newInstance(optionType, 0);
        return (MethodHandle) linkerType
                .getMethod(
                        "downcallHandle",
                        Class.forName("java.lang.foreign.MemorySegment"),
                        descriptorType,
                        noOptions.getClass())
                .invoke(linker, usleep, descriptor, noOptions);
    }
}
