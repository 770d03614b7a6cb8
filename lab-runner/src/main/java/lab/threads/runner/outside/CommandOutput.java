package lab.threads.runner.outside;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** A short command the runner asks something of ({@code git}, {@code jstat}, {@code ss}), read once it has ended. */
public final class CommandOutput {
    private CommandOutput() {}

    /**
     * Its output, stderr merged, when it ends within {@code timeout} (with exit code 0 if {@code exitZero}); empty when
     * it cannot start, does not end in time (then killed) or the runner is interrupted.
     */
    public static Optional<String> of(Duration timeout, boolean exitZero, String... command) {
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            return exitZero && process.exitValue() != 0 ? Optional.empty() : Optional.of(output);
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
