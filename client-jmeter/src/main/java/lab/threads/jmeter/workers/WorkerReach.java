package lab.threads.jmeter.workers;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Whether every worker answers a TCP connect on its port, before the run starts anything; it proves a listener, not a
 * worker with the same keystore, which the controller's handshake tells ({@link WorkerRefusal}).
 */
public final class WorkerReach {

    /** Long enough for a worker across a network, short enough that a wrong address costs seconds, not a run. */
    public static final Duration TIMEOUT = Duration.ofSeconds(3);

    private WorkerReach() {}

    /**
     * Connects to every worker at once, so unreachable workers cost one {@code timeout} in all.
     *
     * @throws IllegalArgumentException naming every worker that did not answer, why, and what to do, in one line
     */
    public static void check(List<String> workers, Duration timeout) {
        Map<String, String> unreachable = new LinkedHashMap<>();
        try (ExecutorService connects = Executors.newVirtualThreadPerTaskExecutor()) {
            Map<String, Future<String>> asked = new LinkedHashMap<>();
            for (String worker : workers) {
                asked.put(worker, connects.submit(() -> problem(worker, timeout)));
            }
            for (Map.Entry<String, Future<String>> answer : asked.entrySet()) {
                String problem = answer.getValue().get();
                if (problem != null) {
                    unreachable.put(answer.getKey(), problem);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted while reaching the JMeter workers " + workers, e);
        } catch (ExecutionException e) {
            throw new IllegalArgumentException("cannot reach the JMeter workers " + workers + ": " + e.getCause(), e);
        }
        if (unreachable.isEmpty()) {
            return;
        }
        List<String> named = new ArrayList<>();
        unreachable.forEach((worker, problem) -> named.add(worker + " (" + problem + ")"));
        String start = unreachable.size() == 1
                ? "start it there with ./lab worker --rmi-hostname "
                        + host(unreachable.keySet().iterator().next()) + " --port "
                        + port(unreachable.keySet().iterator().next())
                : "start each there with ./lab worker --rmi-hostname <its address> --port <its port>";
        throw new IllegalArgumentException("cannot reach the JMeter worker" + (unreachable.size() == 1 ? " " : "s ")
                + String.join(", ", named) + ": " + start + ", or correct --workers. No server was started.");
    }

    /** @return why {@code worker} did not answer, or null when it did */
    private static String problem(String worker, Duration timeout) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host(worker), port(worker)), Math.toIntExact(timeout.toMillis()));
            return null;
        } catch (SocketTimeoutException e) {
            return "no answer within " + timeout.toMillis() + " ms";
        } catch (IOException | IllegalArgumentException e) {
            return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        }
    }

    private static String host(String hostAndPort) {
        return hostAndPort.substring(0, hostAndPort.lastIndexOf(':'));
    }

    private static int port(String hostAndPort) {
        return Integer.parseInt(hostAndPort.substring(hostAndPort.lastIndexOf(':') + 1));
    }
}
