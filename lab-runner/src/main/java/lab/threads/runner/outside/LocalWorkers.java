package lab.threads.runner.outside;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The client's workers on this machine, found once a turn through {@code ss -ltnpH}; none without {@code ss}, when the
 * ledger counts them as other programs.
 */
public final class LocalWorkers {
    private static final Pattern PID = Pattern.compile("pid=(\\d+)");
    private static final Duration SS_TIMEOUT = Duration.ofSeconds(5);

    private LocalWorkers() {}

    /** @param workers {@code host:port} each, the host an IP address */
    public static List<Long> pids(List<String> workers) {
        List<String> here = workers.stream().filter(LocalWorkers::onThisMachine).toList();
        if (here.isEmpty()) {
            return List.of();
        }
        return CommandOutput.of(SS_TIMEOUT, false, "ss", "-ltnpH")
                .map(listeners -> pids(listeners, here))
                .orElse(List.of());
    }

    /** The pids of {@code ss -ltnpH}'s lines listening on one of {@code workers}, or on its port of every address. */
    static List<Long> pids(String listeners, List<String> workers) {
        List<Long> pids = new ArrayList<>();
        for (String line : listeners.split("\n")) {
            String[] words = line.strip().split("\\s+");
            if (words.length < 6 || workers.stream().noneMatch(worker -> listensOn(words[3], worker))) {
                continue;
            }
            Matcher pid = PID.matcher(line);
            while (pid.find()) {
                long found = Long.parseLong(pid.group(1));
                if (!pids.contains(found)) {
                    pids.add(found);
                }
            }
        }
        return pids;
    }

    private static boolean listensOn(String local, String worker) {
        int colon = worker.lastIndexOf(':');
        String port = worker.substring(colon);
        if (!local.endsWith(port)) {
            return false;
        }
        String address = local.substring(0, local.length() - port.length());
        String host = worker.substring(0, colon);
        return address.equals(host)
                || address.equals("[::ffff:" + host + "]")
                || address.equals("*")
                || address.equals("0.0.0.0")
                || address.equals("[::]");
    }

    private static boolean onThisMachine(String worker) {
        try {
            InetAddress address = InetAddress.getByName(worker.substring(0, worker.lastIndexOf(':')));
            return address.isLoopbackAddress()
                    || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (IOException | RuntimeException unknown) {
            return false;
        }
    }
}
