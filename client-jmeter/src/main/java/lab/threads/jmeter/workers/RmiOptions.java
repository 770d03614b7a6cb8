package lab.threads.jmeter.workers;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The RMI options of every command that talks to JMeter workers: the controller's and the worker's. */
public final class RmiOptions {

    public static final String KEYSTORE_OPTION = "--rmi-keystore";
    static final String KEYSTORE_HELP = "PKCS12 keystore for RMI over TLS, its password in <FILE>.password; the same "
            + "key on the controller and every worker. Default: ~/.http-threads-lab/rmi_keystore.p12.";

    @Option(names = KEYSTORE_OPTION, paramLabel = "FILE", description = KEYSTORE_HELP)
    private Path keystore;

    @Option(
            names = "--insecure-rmi",
            description = "Plain RMI without TLS, as before: anyone who reaches the workers' ports can run code on "
                    + "them. Warned about on every run and recorded in the report.")
    private boolean insecure;

    public RmiSecurity security() {
        return new RmiSecurity(new RmiKeystore(keystore != null ? keystore : RmiKeystore.defaultFile()), insecure);
    }
}
