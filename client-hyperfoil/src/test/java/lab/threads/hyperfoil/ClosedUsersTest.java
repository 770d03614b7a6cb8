package lab.threads.hyperfoil;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import lab.threads.model.samples.JtlReader;
import lab.threads.model.samples.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed plan's users on Hyperfoil, as JMeter's talk plan sends them: every user sends its loops on one keep-alive
 * connection of its own, and the records add up to users x loops even when a user's connection cannot be opened,
 * each request it could not send an error line with its cause in JMeter's words.
 */
class ClosedUsersTest {
    private static final byte[] BODY = "{\"slept\":0}".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void everyUserSendsItsLoopsOnAConnectionOfItsOwn() throws Exception {
        // The connection each request came on, by its request id: the server's view of the users.
        Map<String, Integer> portByRid = new ConcurrentHashMap<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.createContext("/sleep", exchange -> {
            String query = exchange.getRequestURI().getQuery();
            portByRid.put(
                    query.substring(query.indexOf("rid=") + 4),
                    exchange.getRemoteAddress().getPort());
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(200, BODY.length);
            exchange.getResponseBody().write(BODY);
            exchange.close();
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        Path jtl = dir.resolve("users.jtl");
        int exit;
        try {
            exit = run(
                    "--port=" + server.getAddress().getPort(),
                    "--users=6",
                    "--rampup-ms=300",
                    "--loops=3",
                    "--sleep-ms=50",
                    "--jtl=" + jtl);
        } finally {
            server.stop(0);
        }
        assertEquals(0, exit);

        List<Sample> samples = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        JtlReader.read(jtl, samples::add, notes);
        assertEquals(List.of(), notes);
        assertEquals(6 * 3, samples.size(), "users x loops records");
        assertTrue(samples.stream().allMatch(Sample::success), "every request answered");
        assertTrue(
                samples.stream().allMatch(sample -> sample.connect() >= 0 && sample.connect() <= sample.elapsed()),
                "a connect within its request, as JMeter's Connect column");

        Map<String, List<String>> ridsByUser = byUser(jtl);
        assertEquals(6, ridsByUser.size(), "one thread name a user: " + ridsByUser.keySet());
        Set<Integer> connections = new HashSet<>();
        for (Map.Entry<String, List<String>> user : ridsByUser.entrySet()) {
            assertEquals(3, user.getValue().size(), "each user its loops: " + user);
            Set<Integer> ports = user.getValue().stream().map(portByRid::get).collect(Collectors.toSet());
            assertEquals(1, ports.size(), "one connection for all of a user's requests: " + user + " " + ports);
            connections.addAll(ports);
        }
        assertEquals(6, connections.size(), "a connection of each user's own");
    }

    @Test
    void aUserWhoseConnectFailsRecordsEachOfItsLoopsAsAnErrorWithItsCause() throws Exception {
        int closedPort;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        Path jtl = dir.resolve("refused.jtl");
        int exit = run("--port=" + closedPort, "--users=3", "--rampup-ms=0", "--loops=2", "--jtl=" + jtl);
        assertEquals(0, exit, "every request has its record: the run measured them");

        List<String> lines = Files.readAllLines(jtl);
        List<String> records = lines.subList(1, lines.size());
        assertEquals(3 * 2, records.size(), "users x loops records, though none was sent: " + records);
        List<Sample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add, new ArrayList<>());
        for (Sample sample : samples) {
            assertEquals(false, sample.success());
            assertEquals("Non HTTP response code: java.net.ConnectException", sample.responseCode(), sample::toString);
            assertTrue(sample.responseMessage().contains("Connection refused"), sample::toString);
        }
        assertEquals(3, byUser(jtl).size(), "each user's own lines");
        Set<String> ids = samples.stream().map(Sample::requestId).collect(Collectors.toSet());
        assertEquals(6, ids.size(), "a request id of each line's own: " + ids);
    }

    /**
     * A user whose answer is an error goes on to its next loop, as a JMeter user does: every request reaches the server
     * and is recorded with the server's own status, none left unsent.
     */
    @Test
    void aUserAnsweredWithAnErrorSendsItsNextLoopsAnyway() throws Exception {
        java.util.concurrent.atomic.AtomicInteger served = new java.util.concurrent.atomic.AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.createContext("/sleep", exchange -> {
            served.incrementAndGet();
            exchange.sendResponseHeaders(503, BODY.length);
            exchange.getResponseBody().write(BODY);
            exchange.close();
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        Path jtl = dir.resolve("errors.jtl");
        try {
            assertEquals(
                    0,
                    run(
                            "--port=" + server.getAddress().getPort(),
                            "--users=2",
                            "--rampup-ms=0",
                            "--loops=3",
                            "--jtl=" + jtl));
        } finally {
            server.stop(0);
        }
        List<Sample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add, new ArrayList<>());
        assertEquals(2 * 3, samples.size());
        assertEquals(2 * 3, served.get(), "every loop sent");
        assertTrue(samples.stream().allMatch(sample -> sample.responseCode().equals("503")), samples::toString);
    }

    /** Hyperfoil's main on these flags, bounded: a plan that waited for ever fails the test instead of the build. */
    private static int run(String... flags) {
        List<String> args = new ArrayList<>(List.of(flags));
        args.add("--threads=1");
        args.add("--warmup-ms=0");
        return org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                Duration.ofSeconds(60),
                () -> HyperfoilMain.run(HyperfoilMain.PlanFlags.parse(args.toArray(String[]::new))));
    }

    /** The request ids of each thread name (a user), from the records' own columns. */
    private static Map<String, List<String>> byUser(Path jtl) throws java.io.IOException {
        List<String> lines = Files.readAllLines(jtl);
        return lines.subList(1, lines.size()).stream()
                .map(line -> line.split(","))
                .collect(Collectors.groupingBy(
                        columns -> columns[5],
                        Collectors.mapping(
                                columns -> columns[13].substring(columns[13].indexOf("rid=") + 4),
                                Collectors.toList())));
    }
}
