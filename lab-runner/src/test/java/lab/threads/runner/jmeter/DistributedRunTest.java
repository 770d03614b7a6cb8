package lab.threads.runner.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import lab.threads.jmeter.JMeterFork;
import lab.threads.jmeter.JMeterMain;
import lab.threads.jmeter.JMeterRunSpec;
import lab.threads.jmeter.JMeterThreads;
import lab.threads.jmeter.workers.JMeterWorkerMain;
import lab.threads.jmeter.workers.RmiKeystore;
import lab.threads.jmeter.workers.RmiSecurity;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMeter's distributed mode on this machine: worker JVMs, a forked controller, an in-test server. RMI over TLS with a
 * keystore made for the test, as a first ./lab run --workers makes one.
 */
class DistributedRunTest {

    private static final long WORKER_START_LIMIT_S = 30;
    private static final long RUN_LIMIT_S = 90;
    private static final Map<String, String> SMALL_PLAN =
            Map.of("host", "127.0.0.1", "rampup", "1", "loops", "2", "sleep_ms", "200");

    @TempDir
    Path dir;

    @Test
    void workersOverTlsObeyOnlyAControllerWithTheirKeystoreAndShareTheUsers() throws Exception {
        RmiSecurity tls = new RmiSecurity(keystore(dir.resolve("keys")), false);
        try (SleepServer server = new SleepServer();
                Workers both = Workers.start(tls, dir.resolve("w1"), dir.resolve("w2"))) {
            Worker first = both.get(0);
            Worker second = both.get(1);
            first.assertListensOnlyOnItsAddress();

            ControllerRun otherKeystore = ControllerRun.of(
                    dir.resolve("other"),
                    server,
                    20,
                    new RmiSecurity(keystore(dir.resolve("other-keys")), false),
                    first,
                    second);
            assertEquals(1, otherKeystore.exit(), otherKeystore.describe());
            assertTrue(
                    otherKeystore.stderr().contains("TLS handshake with JMeter worker " + first.address() + " failed"),
                    otherKeystore.describe());
            assertTrue(otherKeystore.stderr().contains("same RMI keystore"), otherKeystore.describe());

            ControllerRun plain = ControllerRun.of(
                    dir.resolve("plain"), server, 20, new RmiSecurity(tls.keystore(), true), first, second);
            assertEquals(1, plain.exit(), plain.describe());
            assertTrue(
                    plain.stderr().contains("JMeter worker " + first.address() + " did not answer plain RMI"),
                    plain.describe());
            assertEquals(0, server.requests().size(), "refused controllers ran nothing");

            // The same workers, still up, run the plan for the controller with their keystore.
            ControllerRun run = ControllerRun.of(dir.resolve("ok"), server, 20, tls, first, second);
            String describe = run.describe();
            assertEquals(0, run.exit(), describe);
            assertTrue(
                    run.stdout().contains("workers " + first.address() + "=10 " + second.address() + "=10"), describe);
            assertTrue(
                    run.stdout().stream()
                            .anyMatch(l -> l.startsWith("done ") && l.endsWith(" samples=40 errors=0 workers=2")),
                    describe);
            assertTrue(Files.isRegularFile(run.dir().resolve("dashboard").resolve("index.html")), describe);
            List<CSVRecord> samples = JtlRecords.read(run.jtl());
            assertEquals(40, samples.size(), describe);
            assertTrue(samples.stream().allMatch(r -> "true".equals(r.get("success"))), samples::toString);
            // A worker prefixes its users' thread names with the address the controller gave it.
            Map<String, Long> usersPerWorker = samples.stream()
                    .map(r -> r.get("threadName"))
                    .distinct()
                    .collect(Collectors.groupingBy(
                            name -> name.substring(0, name.indexOf("-Users ")), Collectors.counting()));
            assertEquals(Map.of(first.address(), 10L, second.address(), 10L), usersPerWorker, samples::toString);
            assertEquals(40, server.requests().size());
            // The controller's own health; the users' samples are the workers', their starts unknown here.
            ClientStatsLines.assertEnded(ClientStatsLines.read(run.jtl(), true).getLast(), 40, true);
            for (Worker worker : List.of(first, second)) {
                assertTrue(
                        Files.readString(worker.log()).contains("Starting virtual thread group"),
                        "no VirtualThreadGroup on " + worker.address());
            }
        }
    }

    @Test
    void aWorkerWithoutTheKeystoreRefusesToStartAndSaysHowToGetIt() throws Exception {
        Path missing = dir.resolve("nowhere").resolve("rmi_keystore.p12");
        Process worker = Worker.process(dir.resolve("w"), Worker.freePort(), "--rmi-keystore=" + missing);
        assertTrue(worker.waitFor(WORKER_START_LIMIT_S, TimeUnit.SECONDS), "the worker should stop at once");
        String output = new String(worker.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, worker.exitValue(), output);
        assertTrue(
                output.contains("jmeter-worker: no RMI keystore at " + missing + ": make it with ./lab rmi-keystore"),
                output);
        assertEquals(1, output.strip().lines().count(), "one line: " + output);
    }

    /** Linux answers on the whole of 127.0.0.0/8: workers side by side on one machine can each take one address. */
    @Test
    void aWorkerOnALoopbackAliasListensThereAndRunsThePlan() throws Exception {
        RmiSecurity tls = new RmiSecurity(keystore(dir.resolve("keys")), false);
        try (SleepServer server = new SleepServer();
                Worker worker = Worker.start(dir.resolve("w"), tls, "127.0.0.2")) {
            worker.assertListensOnlyOnItsAddress();
            ControllerRun run = ControllerRun.of(dir.resolve("run"), server, 4, tls, worker);
            assertEquals(0, run.exit(), run.describe());
            assertTrue(
                    run.stdout().stream()
                            .anyMatch(l -> l.startsWith("done ") && l.endsWith(" samples=8 errors=0 workers=1")),
                    run.describe());
        }
    }

    @Test
    void insecureRmiStillRunsAndWarns() throws Exception {
        RmiSecurity plain = new RmiSecurity(new RmiKeystore(dir.resolve("no-keystore.p12")), true);
        try (SleepServer server = new SleepServer();
                Worker worker = Worker.start(dir.resolve("w"), plain)) {
            assertTrue(
                    worker.startup().stream().anyMatch(l -> l.contains(RmiSecurity.INSECURE_WARNING)),
                    worker.startup().toString());
            worker.assertListensOnlyOnItsAddress();
            ControllerRun run = ControllerRun.of(dir.resolve("run"), server, 5, plain, worker);
            assertEquals(0, run.exit(), run.describe());
            assertTrue(
                    run.stdout().stream()
                            .anyMatch(l -> l.startsWith("done ") && l.endsWith(" samples=10 errors=0 workers=1")),
                    run.describe());
        }
    }

    private static RmiKeystore keystore(Path folder) throws IOException {
        RmiKeystore keystore = new RmiKeystore(folder.resolve("rmi_keystore.p12"));
        assertTrue(keystore.createIfMissing());
        return keystore;
    }

    /** A forked controller ({@link JMeterMain}) run of the smoke plan on workers, to its end. */
    private record ControllerRun(Path dir, int exit, List<String> stdout, String stderr) {

        static ControllerRun of(Path dir, SleepServer server, int users, RmiSecurity rmi, Worker... workers)
                throws IOException, InterruptedException {
            Map<String, String> properties = new java.util.HashMap<>(SMALL_PLAN);
            properties.put("port", Integer.toString(server.port()));
            JMeterRunSpec spec = new JMeterRunSpec(
                    "jmeter-plans/smoke.jmx",
                    properties,
                    dir.resolve("samples.jtl"),
                    dir.resolve("dashboard"),
                    dir.resolve("controller-home"),
                    JMeterThreads.VIRTUAL,
                    users,
                    lab.threads.client.ClientShare.WHOLE,
                    dir.resolve("controller.log"),
                    java.util.Arrays.stream(workers).map(Worker::address).toList(),
                    rmi);
            Process controller = JMeterFork.start(spec, List.of(), TestClientJvm.FLAGS);
            List<String> stdout = Collections.synchronizedList(new ArrayList<>());
            Thread reader = Thread.ofVirtual()
                    .start(() -> controller.inputReader().lines().forEach(stdout::add));
            if (!controller.waitFor(RUN_LIMIT_S, TimeUnit.SECONDS)) {
                controller.destroyForcibly();
                fail("controller still running after " + RUN_LIMIT_S + " s: " + stdout);
            }
            reader.join();
            return new ControllerRun(dir, controller.exitValue(), stdout, Files.readString(spec.log()));
        }

        Path jtl() {
            return dir.resolve("samples.jtl");
        }

        String describe() {
            return "stdout: " + stdout + "\nstderr: " + stderr;
        }
    }

    /** A {@link JMeterWorkerMain} in a JVM of its own, on a free port of a loopback address (127.0.0.1 unless given). */
    private record Worker(Process process, String host, int port, Path log, List<String> startup)
            implements AutoCloseable {

        static Worker start(Path home, RmiSecurity rmi) throws IOException {
            return start(home, rmi, "127.0.0.1");
        }

        static Worker start(Path home, RmiSecurity rmi, String host) throws IOException {
            Worker worker = launch(home, rmi, host);
            try {
                worker.awaitReady();
            } catch (IOException | RuntimeException e) {
                worker.close();
                throw e;
            }
            return worker;
        }

        /** Its JVM started, not yet ready: {@link #awaitReady()}. */
        static Worker launch(Path home, RmiSecurity rmi, String host) throws IOException {
            int port = freePort();
            Process process = process(
                    home,
                    port,
                    host,
                    rmi.insecure()
                            ? "--insecure-rmi"
                            : "--rmi-keystore=" + rmi.keystore().file());
            return new Worker(process, host, port, home.resolve("jmeter.log"), new ArrayList<>());
        }

        static Process process(Path home, int port, String rmiOption) throws IOException {
            return process(home, port, "127.0.0.1", rmiOption);
        }

        static Process process(Path home, int port, String hostname, String rmiOption) throws IOException {
            return new ProcessBuilder(
                            javaBin(),
                            "-Xmx512m",
                            // C1 alone, as the test runs' servers (TestServerJvm): a worker that lives seconds got
                            // ready in 2-3 s with it, 7 s with C2's compilations on a busy 2-core machine.
                            "-XX:TieredStopAtLevel=1",
                            "--enable-native-access=ALL-UNNAMED",
                            "--sun-misc-unsafe-memory-access=allow",
                            "-cp",
                            System.getProperty("java.class.path"),
                            JMeterWorkerMain.class.getName(),
                            "--port=" + port,
                            "--rmi-hostname=" + hostname,
                            rmiOption,
                            "--jmeter-home=" + home,
                            "--jmeter-log=" + home.resolve("jmeter.log"))
                    .redirectErrorStream(true)
                    .start();
        }

        String address() {
            return host + ":" + port;
        }

        /** The port answers on its address, and not on another loopback one, which a socket on every interface would. */
        void assertListensOnlyOnItsAddress() throws IOException {
            String other = host.equals("127.0.0.1") ? "127.0.0.2" : "127.0.0.1";
            new Socket(host, port).close();
            assertThrows(ConnectException.class, () -> new Socket(other, port).close(), "open on " + other);
        }

        /** Reads the worker's lines into {@code startup} until it says it is ready on its address. */
        void awaitReady() throws IOException {
            String address = address();
            BufferedReader lines = process.inputReader(StandardCharsets.UTF_8);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WORKER_START_LIMIT_S);
            for (String line = lines.readLine();
                    line != null && System.nanoTime() < deadline;
                    line = lines.readLine()) {
                startup.add(line);
                if (line.startsWith("jmeter-worker ready on " + address + " ")) {
                    // Keep draining, so a chatty worker never blocks on a full pipe.
                    Thread.ofVirtual().start(() -> lines.lines().forEach(ignored -> {}));
                    return;
                }
            }
            throw new IllegalStateException("worker " + address + " did not get ready: " + startup);
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }

        private static String javaBin() {
            return ProcessHandle.current()
                    .info()
                    .command()
                    .orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                            .toString());
        }

        static int freePort() throws IOException {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            }
        }
    }

    /** Workers whose JVMs start at once, each on 127.0.0.1: one start's wait instead of one after another. */
    private record Workers(List<Worker> all) implements AutoCloseable {

        static Workers start(RmiSecurity rmi, Path... homes) throws IOException {
            Workers workers = new Workers(new ArrayList<>());
            try {
                for (Path home : homes) {
                    workers.all.add(Worker.launch(home, rmi, "127.0.0.1"));
                }
                for (Worker worker : workers.all) {
                    worker.awaitReady();
                }
            } catch (IOException | RuntimeException e) {
                workers.close();
                throw e;
            }
            return workers;
        }

        Worker get(int index) {
            return all.get(index);
        }

        @Override
        public void close() {
            all.forEach(Worker::close);
        }
    }
}
