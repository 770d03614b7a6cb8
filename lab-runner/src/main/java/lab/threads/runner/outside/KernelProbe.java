package lab.threads.runner.outside;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * One line of {@code kernel.jsonl}: the listening port's accept queue and the listen-drop and retransmission counters
 * of the server's network namespace ({@code /proc/<pid>/net}); the runner's own for a --target server.
 */
final class KernelProbe {
    static final String SERVERS_NAMESPACE = "the server's";
    static final String RUNNERS_NAMESPACE = "the runner's; the --target server may be in another";
    private static final long SS_TIMEOUT_MS = 2_000;

    private final int port;
    private final Path net;
    private final String namespace;
    private final String kernel;
    private QueueSource source = QueueSource.NETLINK;

    /** Where the accept queue is read: the first that works, for the rest of the run. */
    private enum QueueSource {
        NETLINK("netlink"),
        SS("ss"),
        PROC_NET_TCP("/proc/net/tcp");

        final String label;

        QueueSource(String label) {
            this.label = label;
        }
    }

    KernelProbe(int port, OptionalLong serverPid) {
        this.port = port;
        this.net = Path.of("/proc", serverPid.isPresent() ? Long.toString(serverPid.getAsLong()) : "self", "net");
        this.namespace = serverPid.isPresent() ? SERVERS_NAMESPACE : RUNNERS_NAMESPACE;
        this.kernel = readOr(Path.of("/proc/sys/kernel/osrelease"), "unknown").strip();
    }

    Map<String, Object> sample() throws IOException, InterruptedException {
        NetCounters counters =
                NetCounters.parse(Files.readString(net.resolve("netstat")), Files.readString(net.resolve("snmp")));
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("sampledAtMs", System.currentTimeMillis());
        line.put("port", port);
        line.put("namespace", namespace);
        // SYN retries land at 1, 2, 3 s... on Linux >= 6.5, at 1, 3, 7 s before: the report picks its bands by this.
        line.put("kernel", kernel);
        Optional<AcceptQueue> queue = acceptQueue();
        line.put("queueSource", source.label);
        line.put("acceptQueue", queue.map(AcceptQueue::queued).orElse(null));
        line.put("backlog", queue.map(AcceptQueue::backlog).orElse(null));
        line.put("listenOverflows", counters.listenOverflows());
        line.put("listenDrops", counters.listenDrops());
        line.put("tcpSynRetrans", counters.tcpSynRetrans());
        line.put("retransSegs", counters.retransSegs());
        return line;
    }

    /** One line of {@code accept-queue.jsonl}: the listener's accept queue alone; empty when it could not be read. */
    Optional<Map<String, Object>> queueSample() throws IOException, InterruptedException {
        long at = System.currentTimeMillis();
        return acceptQueue().map(queue -> {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("sampledAtMs", at);
            line.put("acceptQueue", queue.queued());
            return line;
        });
    }

    /**
     * From the kernel's socket dump (netlink, else {@code ss}); from the process's /proc/net/tcp when neither works, or
     * when the dump does not see the listener of a known process (a guest in a container whose pid namespace the runner
     * shares).
     */
    private Optional<AcceptQueue> acceptQueue() throws IOException, InterruptedException {
        Optional<AcceptQueue> queue = fromDump();
        return source == QueueSource.PROC_NET_TCP || (queue.isEmpty() && namespace.equals(SERVERS_NAMESPACE))
                ? fromProcNetTcp()
                : queue;
    }

    /**
     * The dump filters listeners in the kernel, cheap even with 20,000 sockets where /proc/net/tcp lists each; it runs
     * in the runner's namespace, the server's for a server the lab started.
     */
    private Optional<AcceptQueue> fromDump() throws IOException, InterruptedException {
        if (source == QueueSource.NETLINK) {
            try {
                return ListenerDiag.acceptQueue(port);
            } catch (IOException netlinkUnavailable) {
                source = QueueSource.SS;
            }
        }
        return source == QueueSource.SS ? fromSs() : Optional.empty();
    }

    private Optional<AcceptQueue> fromSs() throws IOException, InterruptedException {
        Process ss;
        try {
            ss = new ProcessBuilder("ss", "-ltnH", "sport = :" + port)
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException notInstalled) {
            source = QueueSource.PROC_NET_TCP;
            return Optional.empty();
        }
        String output = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!ss.waitFor(SS_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
            ss.destroyForcibly();
            return Optional.empty();
        }
        return AcceptQueue.fromSs(output);
    }

    private Optional<AcceptQueue> fromProcNetTcp() {
        String tables = readOr(net.resolve("tcp"), "") + "\n" + readOr(net.resolve("tcp6"), "");
        return AcceptQueue.fromProcNetTcp(tables, port);
    }

    private static String readOr(Path file, String otherwise) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return otherwise;
        }
    }
}
