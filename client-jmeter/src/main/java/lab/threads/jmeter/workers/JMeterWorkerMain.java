package lab.threads.jmeter.workers;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.util.concurrent.Callable;
import lab.threads.jmeter.home.JMeterHome;
import lab.threads.process.LabCommands;
import lab.threads.process.OptionTwins;
import org.apache.jmeter.engine.RemoteJMeterEngineImpl;
import org.apache.jmeter.rmi.RmiUtils;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * A JMeter worker ({@code jmeter -s}) with this lab's classpath, so a plan's {@code VirtualThreadGroup} runs as it
 * would locally: it runs each plan a controller sends and sends the samples back. Prints {@code jmeter-worker ready on
 * <host>:<port> (...)} once controllers can connect.
 * <p>By default it speaks RMI over TLS with the {@link RmiKeystore} and refuses to start without it, on {@code
 * --rmi-hostname} only. Every option is also {@code -Dlab.<option>} and {@code LAB_<OPTION>} ({@link OptionTwins}).
 */
@Command(
        name = "jmeter-worker",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 110,
        description = {
            "Runs a JMeter server (jmeter-server) for distributed runs: ./lab run --workers host:port.",
            "Every option is also the system property lab.<option> and the environment variable LAB_<OPTION>.",
            "Give the JVM the heap its users need: about 1 GB + 200 KB per user.",
            ""
        })
public final class JMeterWorkerMain implements Callable<Integer> {

    @Option(
            names = "--port",
            defaultValue = "1099",
            description = "TCP port of the RMI registry and of the engine (one port). Default: ${DEFAULT-VALUE}.")
    private int port;

    @Option(
            names = "--rmi-hostname",
            paramLabel = "ADDRESS",
            description = "The address controllers reach this worker at (java.rmi.server.hostname), and the only one "
                    + "it listens on: one of this machine's, an interface's or any of 127.0.0.0/8. "
                    + "Default: this machine's address (in a container: the container's).")
    private String rmiHostname;

    @Mixin
    private RmiOptions rmi;

    @Option(
            names = "--jmeter-home",
            paramLabel = "DIR",
            description = "JMeter home, extracted when missing. Default: <tmp>/lab-jmeter-worker.")
    private Path jmeterHome;

    @Option(
            names = "--jmeter-log",
            paramLabel = "FILE",
            description = "JMeter's log. Default: <jmeter-home>/jmeter-worker-<port>.log.")
    private Path jmeterLog;

    public static void main(String[] args) {
        int exit = commandLine().execute(args);
        if (exit != 0) {
            System.exit(exit);
        }
        // else RMI's non-daemon threads keep the worker serving until it is stopped
    }

    /** The command line main runs, and the option reference (docs/options.md) is checked against. */
    public static CommandLine commandLine() {
        return LabCommands.withTwins(new JMeterWorkerMain());
    }

    @Override
    public Integer call() {
        Path home =
                jmeterHome != null ? jmeterHome : Path.of(System.getProperty("java.io.tmpdir"), "lab-jmeter-worker");
        Path log = jmeterLog != null ? jmeterLog : home.resolve("jmeter-worker-" + port + ".log");
        RmiSecurity security = rmi.security();
        String hostname;
        try {
            hostname = ownAddress(
                    rmiHostname != null
                            ? rmiHostname
                            : InetAddress.getLocalHost().getHostAddress());
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("--port " + port + ": from 1 to 65535.");
            }
            if (!security.insecure()) {
                security.keystore().check(); // refused here, before JMeter's logging starts: one line
            }
            JMeterHome.prepare(home, log);
            RmiSetup.worker(hostname, port, security);
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("jmeter-worker: " + e.getMessage());
            return 2;
        }
        if (security.insecure()) {
            System.err.println("jmeter-worker: " + RmiSecurity.INSECURE_WARNING);
        }
        try {
            RemoteJMeterEngineImpl.startServer(RmiUtils.getRmiRegistryPort());
        } catch (RemoteException e) {
            System.err.println("jmeter-worker: cannot listen on " + hostname + ":" + port + " (" + rootCause(e)
                    + "): another worker there? Pick another --port.");
            return 1;
        }
        System.out.println("jmeter-worker ready on " + hostname + ":" + port + " (" + security.describe()
                + "; JMeter log: " + log + ")");
        return 0;
    }

    /**
     * The worker listens only on the address it gives controllers, one of this machine's: an interface's, or any of
     * 127.0.0.0/8, which Linux answers whole, so workers side by side can each take one.
     *
     * @return {@code hostname} as an IP address
     * @throws IllegalArgumentException for a name that does not resolve or an address of another machine
     */
    static String ownAddress(String hostname) {
        try {
            InetAddress address = InetAddress.getByName(hostname);
            if (!address.isLoopbackAddress() && NetworkInterface.getByInetAddress(address) == null) {
                throw new IllegalArgumentException("--rmi-hostname " + hostname + " is not an address of this machine: "
                        + "give one of its own (ip -brief address) or of 127.0.0.0/8, "
                        + "the one controllers reach it at.");
            }
            return address.getHostAddress();
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--rmi-hostname " + hostname + ": cannot resolve it (" + e.getMessage()
                            + "); give this machine's IP address.",
                    e);
        }
    }

    private static String rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.toString();
    }
}
