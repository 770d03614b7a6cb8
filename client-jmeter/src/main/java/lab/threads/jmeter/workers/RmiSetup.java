package lab.threads.jmeter.workers;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's settings for a distributed run, applied before any RMI class of JMeter loads (RmiUtils and the
 * listeners read them once, into constants). Controller and workers call each other: the controller looks up each
 * worker's engine, the workers call the controller's listeners back, so both sides need fixed, reachable endpoints.
 */
public final class RmiSetup {

    /**
     * Base of the controller's callback port: JMeter listens on base + 2 (samples and each worker's end of test;
     * base + 1 would carry every user's start and end, which the lab does not ask for: WorkersLoad). Fixed, so a
     * firewall can open it; below the ephemeral port ranges (Linux's 32768-60999, the bench container's
     * 10000-65000), so no outgoing connection holds it. One controller per machine at a time.
     */
    static final int CONTROLLER_PORT_BASE = 4440;

    private RmiSetup() {}

    /**
     * For the controller of a test on {@code firstWorker} ({@code host:port}). Its callback address is the one this
     * machine uses to reach that worker: 127.0.0.1 for local workers, the container's address on a compose network.
     *
     * @throws IllegalArgumentException for a keystore that cannot be opened
     */
    public static void controller(String firstWorker, RmiSecurity security) throws IOException {
        common(localAddressTowards(firstWorker), security);
        JMeterUtils.setProperty("client.rmi.localport", Integer.toString(CONTROLLER_PORT_BASE));
        // Workers send samples back in batches without their response bodies (StrippedBatch), one batch per
        // listener and worker each second, whatever their count (no count threshold): the progress lines stay live,
        // a stop loses at most a second of samples, and RMI, which takes a connection and a thread here for every
        // call in flight, sees about one call a second per worker and listener however many users run. A count
        // threshold (JMeter's 100) makes a call per 100 samples, from the user that took the 100th, so calls
        // overlap more as the users grow. Rejected: the Asynch modes (one sender thread, but they tell the
        // listeners the test ended before their last samples, which then miss the .jtl), the DiskStore modes
        // (every sample at the end: no live progress, then one call per sample), Statistical (aggregates instead
        // of samples). docs/results.md has the measures. The workers use the values set here, on the controller.
        JMeterUtils.setProperty("mode", "StrippedBatch");
        JMeterUtils.setProperty("num_sample_threshold", "-1");
        JMeterUtils.setProperty("time_threshold", "1000");
    }

    /**
     * For a worker reached at {@code hostname:port}, and listening there only. The RMI registry and the engine share
     * the one port (RMI multiplexes objects exported with the same socket factories), so a worker needs one open
     * port, not two.
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
