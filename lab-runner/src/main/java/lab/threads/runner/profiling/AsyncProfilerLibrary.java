package lab.threads.runner.profiling;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * async-profiler's native library for this platform, from its Maven Central jar, loaded as an agent by the async modes
 * of {@code --profile}.
 */
public final class AsyncProfilerLibrary {
    private static final String FILE = "libasyncProfiler.so";

    private AsyncProfilerLibrary() {}

    /** The library's path in the jar for this machine; null where the jar has none. */
    static String resource() {
        if (!System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux")) {
            return null;
        }
        return switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> "linux-x64/" + FILE;
            case "aarch64", "arm64" -> "linux-arm64/" + FILE;
            default -> null;
        };
    }

    /** Writes the library into {@code dir}, where {@code -agentpath:} can name it. @return its path */
    static Path extract(Path dir) throws IOException {
        Path library = Files.createDirectories(dir).resolve(FILE);
        try (InputStream in = AsyncProfilerLibrary.class.getClassLoader().getResourceAsStream(resource())) {
            if (in == null) {
                throw new IOException(
                        resource() + " is not on the classpath: rebuild the runner (./mvnw -B package -DskipTests)");
            }
            Files.copy(in, library, StandardCopyOption.REPLACE_EXISTING);
        }
        return library;
    }

    /**
     * Whether perf_events may sample the kernel here (root, or {@code perf_event_paranoid} at most 1); without it
     * async-profiler falls back to a timer without kernel frames.
     */
    public static boolean kernelStacksAllowed() {
        try {
            boolean root = Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
            return root
                    || Integer.parseInt(Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid"))
                                    .trim())
                            <= 1;
        } catch (IOException | RuntimeException notLinux) {
            return false;
        }
    }
}
