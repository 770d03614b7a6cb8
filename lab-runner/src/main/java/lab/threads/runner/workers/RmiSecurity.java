package lab.threads.runner.workers;

/**
 * How the controller and its JMeter workers talk: RMI over TLS with a shared {@link RmiKeystore} (the default, as in
 * stock JMeter), or plain RMI, where anyone who reaches a worker's ports can send it a plan, and a plan can run code.
 *
 * @param keystore used unless {@code insecure}
 * @param insecure plain RMI ({@code --insecure-rmi})
 */
public record RmiSecurity(RmiKeystore keystore, boolean insecure) {

    public static final String INSECURE_WARNING = "WARNING: --insecure-rmi: plain RMI, no TLS: anyone who can reach "
            + "the workers' ports can make them run any code. Use it only on a network you trust.";

    /** For the report's metadata and the worker's first line. */
    public String describe() {
        return insecure
                ? "plain RMI (--insecure-rmi): no TLS, anyone who reaches the workers can run code on them"
                : "RMI over TLS, keystore " + keystore.file().toAbsolutePath();
    }
}
