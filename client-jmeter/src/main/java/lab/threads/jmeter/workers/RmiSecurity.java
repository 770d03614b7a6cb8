package lab.threads.jmeter.workers;

import java.util.List;
import lab.threads.client.WorkerAccess;

/**
 * How the controller and its workers talk: RMI over TLS with a shared {@link RmiKeystore} (the default), or plain RMI,
 * where anyone who reaches a worker can send it a plan, and a plan can run code.
 *
 * @param keystore used unless {@code insecure}
 * @param insecure plain RMI ({@code --insecure-rmi})
 */
public record RmiSecurity(RmiKeystore keystore, boolean insecure) implements WorkerAccess {

    public static final String INSECURE_WARNING = "WARNING: --insecure-rmi: plain RMI, no TLS: anyone who can reach "
            + "the workers' ports can make them run any code. Use it only on a network you trust.";

    /** The first distributed run makes the keystore; a plain-RMI one says, every time, what it exposes. */
    @Override
    public void ready() {
        if (insecure) {
            System.err.println("lab: " + INSECURE_WARNING);
            return;
        }
        try {
            if (keystore.createIfMissing()) {
                System.out.println("lab: made the RMI keystore " + keystore.file() + " and " + keystore.passwordFile()
                        + ": copy both to every worker machine.");
            }
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(
                    "cannot make the RMI keystore " + keystore.file() + " (" + e.getMessage()
                            + "): give a writable path with --rmi-keystore.",
                    e);
        }
        keystore.check();
    }

    /** A TCP connect to each worker's RMI port, all at once ({@link WorkerReach}). */
    @Override
    public void reach(List<String> workers) {
        WorkerReach.check(workers, WorkerReach.TIMEOUT);
    }

    /** For the report's metadata and the worker's first line. */
    @Override
    public String describe() {
        return insecure
                ? "plain RMI (--insecure-rmi): no TLS, anyone who reaches the workers can run code on them"
                : "RMI over TLS, keystore " + keystore.file().toAbsolutePath();
    }

    /** The fork's arguments that say it: {@code --insecure-rmi}, or the keystore's path. */
    @Override
    public List<String> forkArguments() {
        return List.of(
                insecure
                        ? "--insecure-rmi"
                        : RmiOptions.KEYSTORE_OPTION + "=" + keystore.file().toAbsolutePath());
    }
}
