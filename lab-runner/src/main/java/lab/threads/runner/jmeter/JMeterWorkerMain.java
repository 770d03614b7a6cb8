package lab.threads.runner.jmeter;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

import lab.threads.common.Knobs;
import org.apache.jmeter.engine.RemoteJMeterEngineImpl;
import org.apache.jmeter.rmi.RmiUtils;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A JMeter worker, i.e. {@code jmeter-server} ({@code jmeter -s}) with this lab's classpath: it waits for a
 * controller ({@link JMeterMain} {@code --workers}) to send it a plan, runs it, sends the samples back, and waits for
 * the next one. The same jars as the controller, so the {@link VirtualThreadGroup} of a plan runs here as it would
 * locally. Prints one line, {@code jmeter-worker ready on <host>:<port>}, once controllers can connect.
 *
 * <p>Every option is also the system property {@code lab.<option>} and the environment variable
 * {@code LAB_<OPTION>} ({@link Knobs}).
 */
@Command(name = "jmeter-worker", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 110,
        description = {"Runs a JMeter server (jmeter-server) for distributed runs: ./lab run --workers host:port.",
                "Every option is also the system property lab.<option> and the environment variable LAB_<OPTION>.",
                "Give the JVM the heap its users need: about 1 GB + 200 KB per user.", ""})
public final class JMeterWorkerMain implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "1099",
            description = "TCP port of the RMI registry and of the engine (one port). Default: ${DEFAULT-VALUE}.")
    private int port;

    @Option(names = "--rmi-hostname", paramLabel = "ADDRESS",
            description = "The address controllers reach this worker at (java.rmi.server.hostname). "
                    + "Default: this machine's address (in a container: the container's).")
    private String rmiHostname;

    @Option(names = "--jmeter-home", paramLabel = "DIR",
            description = "JMeter home, extracted when missing. Default: <tmp>/lab-jmeter-worker.")
    private Path jmeterHome;

    @Option(names = "--jmeter-log", paramLabel = "FILE",
            description = "JMeter's log. Default: <jmeter-home>/jmeter-worker-<port>.log.")
    private Path jmeterLog;

    public static void main(String[] args) {
        int exit = new CommandLine(new JMeterWorkerMain()).setDefaultValueProvider(new Knobs(Map.of())).execute(args);
        if (exit != 0) {
            System.exit(exit);
        }
        // else RMI's non-daemon threads keep the worker serving until it is stopped
    }

    @Override
    public Integer call() throws Exception {
        Path home = jmeterHome != null ? jmeterHome : Path.of(System.getProperty("java.io.tmpdir"), "lab-jmeter-worker");
        Path log = jmeterLog != null ? jmeterLog : home.resolve("jmeter-worker-" + port + ".log");
        String hostname = rmiHostname != null ? rmiHostname : thisMachine();
        JMeterHome.prepare(home, log);
        RmiSetup.worker(hostname, port);
        RemoteJMeterEngineImpl.startServer(RmiUtils.getRmiRegistryPort());
        System.out.println("jmeter-worker ready on " + hostname + ":" + port + " (JMeter log: " + log + ")");
        return 0;
    }

    private static String thisMachine() throws UnknownHostException {
        return InetAddress.getLocalHost().getHostAddress();
    }
}
