package lab.threads.runner.outside;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * Whether the kernel charges interrupt time to the task it interrupted: tick accounting without {@code
 * CONFIG_IRQ_TIME_ACCOUNTING} counts it in {@code /proc/stat}'s irq columns and the task's stime both. Read from {@code
 * /proc/config.gz} or {@code /boot/config-<release>}; where neither reads, the kernels' default (without) is assumed.
 */
final class IrqAccounting {
    private static final String IRQ_TIME = "CONFIG_IRQ_TIME_ACCOUNTING=y";

    private IrqAccounting() {}

    static boolean inTasks() {
        return config().map(IrqAccounting::inTasks).orElse(true);
    }

    /** From the text of a kernel's {@code .config}. */
    static boolean inTasks(String config) {
        return config.lines().noneMatch(IRQ_TIME::equals);
    }

    private static Optional<String> config() {
        try (InputStream zipped = Files.newInputStream(Path.of("/proc/config.gz"));
                InputStream in = new GZIPInputStream(zipped)) {
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException noProcConfig) {
            try {
                String release =
                        Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip();
                return Optional.of(Files.readString(Path.of("/boot", "config-" + release)));
            } catch (IOException noBootConfig) {
                return Optional.empty();
            }
        }
    }
}
