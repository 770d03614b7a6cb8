package lab.threads.jmeter.workers;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's settings for a distributed run, applied before any RMI class of JMeter loads (they are read once): both
 * sides call each other, so both need fixed, reachable endpoints.
 */
public final class RmiSetup {

    /**
     * Base of the controller's callback port: JMeter listens on base + 2 (samples, end of test; base + 1 would carry
     * every user's start and end). Fixed for firewalls, below the ephemeral ranges; one controller per machine at a
     * time.
     */
    static final int CONTROLLER_PORT_BASE = 4440;

    private RmiSetup() {}

    /**
     * For the controller of a test on {@code firstWorker}; its callback address is the one this machine reaches it
     * from.
     *
     * @throws IllegalArgumentException for a keystore that cannot be opened
     */
    public static void controller(String firstWorker, RmiSecurity security) throws IOException {
        common(localAddressTowards(firstWorker), security);
        JMeterUtils.setProperty("client.rmi.localport", Integer.toString(CONTROLLER_PORT_BASE));
        // Workers send samples back in batches without bodies (StrippedBatch), one per listener and worker a second:
        // live progress, at most a second lost on a stop, and about one RMI call (a thread here each) a second per
        // worker however many users. A count threshold makes calls overlap as users grow; the Asynch, DiskStore and
        // Statistical modes lose samples, progress or samples' detail (docs/results.md).
        JMeterUtils.setProperty("mode", "StrippedBatch");
        JMeterUtils.setProperty("num_sample_threshold", "-1");
        JMeterUtils.setProperty("time_threshold", "1000");
    }

    /**
     * For a worker reached at {@code hostname:port}, listening there only; the registry and engine share that one port.
     *
     * @throws IllegalArgumentException for a keystore that cannot be opened
     */
    static void worker(String hostname, int port, RmiSecurity security) throws IOException {
        common(hostname, security);
        JMeterUtils.setProperty("server_port", Integer.toString(port));
        JMeterUtils.setProperty("server.rmi.localport", Integer.toString(port));
    }

    private static void common(String hostname, RmiSecurity security) throws IOException {
        // The address written into the stubs this JVM hands out: the other side connects back to it.
        System.setProperty("java.rmi.server.hostname", hostname);
        // JMeter's TLS factories off: RmiSockets does TLS (or not) for every RMI socket of the JVM, and says why.
        JMeterUtils.setProperty("server.rmi.ssl.disable", "true");
        RmiSockets.install(InetAddress.getByName(hostname), security);
    }

    private static String localAddressTowards(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        try (DatagramSocket probe = new DatagramSocket()) {
            // A UDP "connect" sends nothing: it only asks the kernel which local address routes to the worker.
            probe.connect(
                    InetAddress.getByName(hostAndPort.substring(0, colon)),
                    Integer.parseInt(hostAndPort.substring(colon + 1)));
            return probe.getLocalAddress().getHostAddress();
        } catch (IOException e) {
            throw new IllegalArgumentException("no route to worker " + hostAndPort + ": " + e.getMessage(), e);
        }
    }
}
