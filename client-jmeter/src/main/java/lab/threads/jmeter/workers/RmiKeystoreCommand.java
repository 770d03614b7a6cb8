package lab.threads.jmeter.workers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import lab.threads.process.LabCommands;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ./lab rmi-keystore}: makes the keystore of RMI over TLS now, rather than at the first distributed run. */
@Command(
        name = "./lab rmi-keystore",
        mixinStandardHelpOptions = true,
        usageHelpWidth = 110,
        description = {
            "Makes the keystore that the controller and the JMeter workers share for RMI over TLS, unless "
                    + "it exists; prints where it is and what to copy to the workers.",
            "Every option is also the system property lab.<option> and the environment variable LAB_<OPTION>.",
            ""
        })
public final class RmiKeystoreCommand implements Callable<Integer> {

    @Option(names = RmiOptions.KEYSTORE_OPTION, paramLabel = "FILE", description = RmiOptions.KEYSTORE_HELP)
    private Path keystore;

    public static void main(String[] args) {
        LabCommands.run(commandLine(), args);
    }

    /** The command line main runs, and the option reference (docs/options.md) is checked against. */
    public static CommandLine commandLine() {
        return LabCommands.withTwins(new RmiKeystoreCommand());
    }

    @Override
    public Integer call() {
        RmiKeystore target = new RmiKeystore(keystore != null ? keystore : RmiKeystore.defaultFile());
        try {
            boolean made = target.createIfMissing();
            target.check();
            System.out.println((made ? "made " : "kept the existing ") + target.file() + " and " + target.passwordFile()
                    + " (owner-only). Copy both to every worker machine.");
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("lab rmi-keystore: " + e.getMessage());
            return 2;
        }
    }
}
