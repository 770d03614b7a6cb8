package lab.threads.process;

import java.util.Map;
import picocli.CommandLine;

/**
 * How each command of the lab ({@code ./lab run}, {@code soak}, {@code tasks}, {@code pinning}, {@code report},
 * {@code compare}, {@code worker}, {@code rmi-keystore}) is built and run from its {@code main}: its errors in one
 * line ({@link OneLineErrors}), its options also system properties and environment variables ({@link OptionTwins}) where the
 * command takes them that way, its exit code the JVM's. Each command's own {@code commandLine()} is the one its
 * {@code main} runs and the option reference (docs/options.md) is checked against.
 */
public final class LabCommands {
    private LabCommands() {}

    /** {@code command}'s command line, its errors in one line; its options are flags only. */
    public static CommandLine of(Object command) {
        return OneLineErrors.on(new CommandLine(command));
    }

    /** {@code command}'s command line, its errors in one line, each option also {@code lab.<option>} and {@code LAB_<OPTION>}. */
    public static CommandLine withTwins(Object command) {
        return withTwins(new CommandLine(command));
    }

    /** The same for a command line already built (mixins added to it). */
    public static CommandLine withTwins(CommandLine command) {
        return OneLineErrors.on(command).setDefaultValueProvider(new OptionTwins(Map.of()));
    }

    /** A {@code main}'s body: runs {@code command} on {@code args}, then exits the JVM with its code. */
    public static void run(CommandLine command, String[] args) {
        System.exit(command.execute(args));
    }
}
