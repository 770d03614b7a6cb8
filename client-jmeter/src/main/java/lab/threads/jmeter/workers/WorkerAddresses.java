package lab.threads.jmeter.workers;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The workers of a distributed run as {@code host:port}; {@code dns:<name>[:port]} stands for every address of a name,
 * as compose's DNS answers a scaled service's.
 */
public final class WorkerAddresses {

    /** JMeter's default RMI registry port ({@code server_port}). */
    public static final int DEFAULT_PORT = 1099;

    private static final String DNS = "dns:";

    private WorkerAddresses() {}

    /**
     * @param specs {@code host[:port]} or {@code dns:name[:port]} each
     * @return {@code host:port} of every worker, each once, in the order given (a name's addresses sorted)
     * @throws IllegalArgumentException for a bad port or a name that does not resolve
     */
    public static List<String> resolve(List<String> specs) {
        Set<String> workers = new LinkedHashSet<>();
        for (String spec : specs) {
            String text = spec.strip();
            if (text.startsWith(DNS)) {
                String name = text.substring(DNS.length());
                int port = port(name);
                for (String address : ipv4Addresses(host(name))) {
                    workers.add(address + ":" + port);
                }
            } else if (!text.isEmpty()) {
                workers.add(host(text) + ":" + port(text));
            }
        }
        return List.copyOf(workers);
    }

    private static String host(String hostAndPort) {
        int colon = hostAndPort.indexOf(':');
        String host = colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
        if (host.isEmpty()) {
            throw new IllegalArgumentException("--workers: no host in '" + hostAndPort + "'. Use host[:port] or "
                    + "dns:name[:port], e.g. 10.0.0.5:1099 or dns:jmeter-worker.");
        }
        return host;
    }

    private static int port(String hostAndPort) {
        int colon = hostAndPort.indexOf(':');
        if (colon < 0) {
            return DEFAULT_PORT;
        }
        String port = hostAndPort.substring(colon + 1);
        try {
            int number = Integer.parseInt(port);
            if (number >= 1 && number <= 65_535) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "--workers: bad port '" + port + "' in '" + hostAndPort + "': a whole number from 1 to 65535.");
    }

    /** IPv4 only: JMeter reads {@code host:port} apart only when the host is not an IPv6 address. */
    private static List<String> ipv4Addresses(String name) {
        try {
            List<String> addresses = Arrays.stream(InetAddress.getAllByName(name))
                    .filter(Inet4Address.class::isInstance)
                    .map(InetAddress::getHostAddress)
                    .sorted()
                    .toList();
            if (addresses.isEmpty()) {
                throw new IllegalArgumentException("--workers: " + name + " has no IPv4 address.");
            }
            return addresses;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(
                    "--workers: cannot resolve '" + name + "' (" + e.getMessage() + "). Are the workers up?");
        }
    }
}
