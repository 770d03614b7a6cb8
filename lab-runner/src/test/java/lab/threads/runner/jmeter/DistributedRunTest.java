package lab.threads.runner.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JMeter's distributed mode on this machine: two worker JVMs, a forked controller, an in-test server. */
class DistributedRunTest {

    private static final long WORKER_START_LIMIT_S = 30;
    private static final long RUN_LIMIT_S = 90;

    @TempDir
    Path dir;

    @Test
    void twoWorkersShareTheUsersAndTheControllerGetsEverySample() throws Exception {
        try (SleepServer server = new SleepServer(); Worker first = Worker.start(dir.resolve("w1"));
             Worker second = Worker.start(dir.resolve("w2"))) {
            Path jtl = dir.resolve("samples.jtl");
            JMeterRunSpec spec = new JMeterRunSpec("jmeter-plans/smoke.jmx",
                    Map.of("host", "127.0.0.1", "port", Integer.toString(server.port()), "rampup", "1", "loops", "2",
                            "sleep_ms", "200"),
                    jtl, dir.resolve("dashboard"), dir.resolve("controller-home"), ClientKind.VIRTUAL, 20,
                    dir.resolve("controller.log"), List.of(first.address(), second.address()));
            Process controller = JMeterFork.start(spec);
            List<String> stdout = Collections.synchronizedList(new ArrayList<>());
            Thread reader = Thread.ofVirtual().start(() -> controller.inputReader().lines().forEach(stdout::add));
            if (!controller.waitFor(RUN_LIMIT_S, TimeUnit.SECONDS)) {
                controller.destroyForcibly();
                fail("controller still running after " + RUN_LIMIT_S + " s: " + stdout);
            }
            reader.join();
            String describe = "stdout: " + stdout + "\nstderr: " + Files.readString(spec.log());

            assertEquals(0, controller.exitValue(), describe);
            assertTrue(stdout.contains("workers " + first.address() + "=10 " + second.address() + "=10"), describe);
            assertTrue(stdout.stream().anyMatch(l -> l.startsWith("done ") && l.endsWith(" samples=40 errors=0 workers=2")),
                    describe);
            assertTrue(Files.isRegularFile(spec.dashboardDir().resolve("index.html")), describe);
            List<CSVRecord> samples = records(jtl);
            assertEquals(40, samples.size(), describe);
            assertTrue(samples.stream().allMatch(r -> "true".equals(r.get("success"))), samples::toString);
            // A worker prefixes its users' thread names with the address the controller gave it.
            Map<String, Long> usersPerWorker = samples.stream().map(r -> r.get("threadName")).distinct()
                    .collect(Collectors.groupingBy(name -> name.substring(0, name.indexOf("-Users ")),
                            Collectors.counting()));
            assertEquals(Map.of(first.address(), 10L, second.address(), 10L), usersPerWorker, samples::toString);
            assertEquals(40, server.requests().size());
            // The controller's own health; the users' samples are the workers', their starts unknown here.
            ClientStatsLines.assertEnded(ClientStatsLines.read(jtl, true).getLast(), 40, true);
            for (Worker worker : List.of(first, second)) {
                assertTrue(Files.readString(worker.log()).contains("Starting virtual thread group"),
                        "no VirtualThreadGroup on " + worker.address());
            }
        }
    }

    @Test
    void usersAreSpreadWithTheRemainderOnTheFirstWorkers() {
        assertEquals(List.of(7, 7, 6), DistributedTest.shares(20, 3));
        assertEquals(List.of(1, 1), DistributedTest.shares(2, 2));
        assertThrows(IllegalArgumentException.class, () -> DistributedTest.shares(1, 2));
    }

    @Test
    void workerAddressesTakeADefaultPortAndNamesResolveToEveryAddress() {
        assertEquals(List.of("10.0.0.5:1099", "10.0.0.6:2000"),
                WorkerAddresses.resolve(List.of("10.0.0.5", " 10.0.0.6:2000", "10.0.0.5:1099")));
        assertEquals(List.of("127.0.0.1:1100"), WorkerAddresses.resolve(List.of("dns:localhost:1100")));
    }

    /** A {@link JMeterWorkerMain} in a JVM of its own, on a free port of 127.0.0.1. */
    private record Worker(Process process, int port, Path log) implements AutoCloseable {

        static Worker start(Path home) throws IOException, InterruptedException {
            int port = freePort();
            Path log = home.resolve("jmeter.log");
            Process process = new ProcessBuilder(javaBin(), "-Xmx512m", "--enable-native-access=ALL-UNNAMED",
                    "--sun-misc-unsafe-memory-access=allow", "-cp", System.getProperty("java.class.path"),
                    JMeterWorkerMain.class.getName(), "--port=" + port, "--rmi-hostname=127.0.0.1",
                    "--jmeter-home=" + home, "--jmeter-log=" + log)
                    .redirectErrorStream(true).start();
            Worker worker = new Worker(process, port, log);
            try {
                worker.awaitReady();
            } catch (IOException | RuntimeException e) {
                worker.close();
                throw e;
            }
            return worker;
        }

        String address() {
            return "127.0.0.1:" + port;
        }

        private void awaitReady() throws IOException {
            BufferedReader lines = process.inputReader(StandardCharsets.UTF_8);
            List<String> seen = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WORKER_START_LIMIT_S);
            for (String line = lines.readLine(); line != null && System.nanoTime() < deadline; line = lines.readLine()) {
                seen.add(line);
                if (line.startsWith("jmeter-worker ready on 127.0.0.1:" + port)) {
                    // Keep draining, so a chatty worker never blocks on a full pipe.
                    Thread.ofVirtual().start(() -> lines.lines().forEach(ignored -> { }));
                    return;
                }
            }
            throw new IllegalStateException("worker on port " + port + " did not get ready: " + seen);
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }

        private static String javaBin() {
            return ProcessHandle.current().info().command().orElse(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString());
        }

        private static int freePort() throws IOException {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            }
        }
    }

    private static List<CSVRecord> records(Path jtl) throws IOException {
        try (CSVParser parser = CSVParser.parse(jtl, StandardCharsets.UTF_8,
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            return parser.getRecords();
        }
    }
}
