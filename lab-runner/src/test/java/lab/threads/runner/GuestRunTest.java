package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import lab.threads.run.GuestFacts;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Guests, services the lab did not write, through the CLI: one short live run of two guests the lab starts itself
 * (the tests' own {@link TestGuest}, one of which dies mid-run), and the refusals before any load.
 */
class GuestRunTest {
    private static final int USERS = 5;
    private static final int LOOPS = 4;
    /** The dying guest's answers before it exits: fewer than the plan's. */
    private static final int ANSWERS_BEFORE_DEATH = 6;

    @TempDir
    Path out;

    @Test
    void twoStartedGuestsOneOfWhichDiesMidRun() throws IOException {
        int healthyPort = freePort();
        int dyingPort = freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String testClasses = Path.of("target", "test-classes").toAbsolutePath().toString();
        Output run = lab(
                "--plan=smoke",
                "--users=" + USERS,
                "--rampup=1",
                "--loops=" + LOOPS,
                "--expect-body=order",
                "--target=orders=http://127.0.0.1:" + healthyPort + "/api/orders?id=7",
                "--target=dying=http://127.0.0.1:" + dyingPort + "/api/orders",
                "--target-command=orders=" + java + " -cp " + testClasses + " " + TestGuest.class.getName() + " "
                        + healthyPort + " 0",
                "--target-command=dying=" + java + " -cp " + testClasses + " " + TestGuest.class.getName() + " "
                        + dyingPort + " " + ANSWERS_BEFORE_DEATH);

        assertEquals(1, run.exit(), "a guest died: not every turn ran to its end\n" + run.text());
        Path folder = onlyRunFolder();
        JsonNode summary =
                new ObjectMapper().readTree(folder.resolve("summary.json").toFile());
        JsonNode orders = summary.at("/servers/0");
        assertEquals("orders", orders.get("server").asText());
        assertEquals("ok", orders.get("outcome").asText(), run.text());
        assertEquals(USERS * LOOPS, orders.at("/summary/samples").asLong());
        assertEquals(
                0.0,
                orders.at("/summary/errorPercent").asDouble(),
                orders.get("errorsByCause").toString());
        // The process, read from outside: a JVM with its threads, memory, descriptors and collections.
        assertTrue(
                orders.at("/serverStats/peakOsThreads").asLong() > 1,
                orders.get("serverStats").toString());
        assertTrue(orders.at("/serverStats/peakRssBytes").asLong() > 0);
        assertTrue(orders.at("/serverStats/peakOpenFiles").asLong() > 0);
        assertTrue(orders.at("/serverStats/voluntaryContextSwitches").isNumber());
        assertTrue(orders.at("/guest/gc/young").isNumber(), orders.get("guest").toString());
        assertEquals(
                "HTTP 200 with \"order\" in the body",
                orders.at("/guest/expected").asText());
        // What it cannot say is said, never guessed.
        assertTrue(orders.get("serverView").isNull(), "no server's own latency");
        assertFalse(orders.at("/timeline/present").asBoolean(), "no per-request timeline");
        String markdown = Files.readString(folder.resolve("summary.md"));
        assertTrue(markdown.contains("| orders | ok | "), markdown);
        assertTrue(markdown.contains(GuestFacts.NO_REQUEST_LOG), markdown);
        assertTrue(markdown.contains("no ideal: its service time was not given"), markdown);
        // Its URL as given, path and query: no ?ms= and no request id.
        List<String> urls = Files.readAllLines(folder.resolve("orders/samples.jtl")).stream()
                .skip(1)
                .map(line -> line.contains("/api/orders?id=7,") ? "as given" : line)
                .distinct()
                .toList();
        assertEquals(List.of("as given"), urls);
        assertTrue(Files.isRegularFile(folder.resolve("orders/kernel.jsonl")), "the kernel's view of its port");

        JsonNode dying = summary.at("/servers/1");
        assertTrue(
                dying.get("outcome")
                        .asText()
                        .startsWith("server died mid-run: the guest's process ended (exit " + TestGuest.DIED + ")"),
                dying.get("outcome").asText());
        assertTrue(dying.at("/summary/samples").asLong() >= ANSWERS_BEFORE_DEATH, "what it answered is kept");
        // After the run nothing it started is left: the guests, their keepers, the JMeter forks.
        assertTrue(
                ProcessHandle.current().descendants().noneMatch(ProcessHandle::isAlive),
                "left running: "
                        + ProcessHandle.current()
                                .descendants()
                                .map(p -> p.info().commandLine().orElse("?"))
                                .toList());
        assertFalse(portAnswers(healthyPort), "the started guest was stopped");
    }

    @Test
    void aGuestThatIsDownIsRefused() throws IOException {
        int port = freePort();
        assertRefused(
                "--target g=http://127.0.0.1:" + port + "/x does not answer (ConnectException): start the service or "
                        + "fix the URL.",
                guestUrl(port, "/x"));
    }

    @Test
    void aGuestThatAnswers404AtItsUrlIsRefused() throws IOException {
        try (TestGuest guest = new TestGuest()) {
            assertRefused("answered HTTP 404, not 200", "--target=g=" + guest.url("/nothing-here"));
            assertRefused(
                    "answered HTTP 200 without \"shipped\" in its body",
                    "--target=g=" + guest.url("/api/orders"),
                    "--expect-body=shipped");
            assertRefused(
                    "answered HTTP 200, not 201", "--target=g=" + guest.url("/api/orders"), "--expect-status=201");
        }
    }

    @Test
    void aPidThatDoesNotExistIsRefused() throws IOException {
        try (TestGuest guest = new TestGuest()) {
            assertRefused(
                    "--target-pid g=999999999: no process 999999999 runs here",
                    "--target=g=" + guest.url("/api/orders"),
                    "--target-pid=g=999999999");
        }
    }

    @Test
    void optionsAGuestRunCannotTakeAreRefused() throws IOException {
        String url = "--target=g=http://127.0.0.1:1/x";
        assertRefused("--target-pid x=... names no guest", "--target-pid=x=1");
        assertRefused("describe a guest's answers", "--expect-body=ok");
        assertRefused("a guest runs with other guests only", url, "--servers=virtual");
        assertRefused("--sleep-ms is the ?ms= of the lab's /sleep", url, "--sleep-ms=100");
        assertRefused("both name the guest's process", url, "--target-pid=g=1", "--target-command=g=true");
        assertRefused("a guest's name must be letters", "--target=talk=http://127.0.0.1:1/x");
        assertRefused("give an http:// or https:// URL", "--target=g=ftp://127.0.0.1/x");
    }

    @Test
    void aCommandThatIsNotReadyInTimeIsRefusedAndStopped() throws IOException {
        Output refused = lab(
                "--plan=smoke",
                "--start-timeout-s=1",
                "--target=g=http://127.0.0.1:" + freePort() + "/x",
                "--target-command=g=sleep 300");
        assertEquals(2, refused.exit(), refused.text());
        assertTrue(refused.text().contains("lab: --target-command g=\"sleep 300\" was not ready within 1 s"));
        assertEquals(
                1,
                refused.text().lines().filter(line -> line.startsWith("lab:")).count(),
                refused.text());
        assertTrue(ProcessHandle.current().descendants().noneMatch(ProcessHandle::isAlive), "the command was stopped");
        assertFalse(Files.exists(onlyRunFolder().resolve("g")), "no load ran");
    }

    private static String guestUrl(int port, String path) {
        return "--target=g=http://127.0.0.1:" + port + path;
    }

    private void assertRefused(String expected, String... arguments) {
        List<String> all = new ArrayList<>(List.of("--plan=smoke"));
        all.addAll(List.of(arguments));
        Output refused = lab(all.toArray(String[]::new));
        assertEquals(2, refused.exit(), refused.text());
        assertTrue(refused.text().contains(expected), "expected '" + expected + "' in: " + refused.text());
        assertEquals(1, refused.text().strip().lines().count(), refused.text());
    }

    private record Output(int exit, String text) {}

    /** ./lab run in this JVM: its exit code and its stderr (the refusals), with stdout too for a run. */
    private Output lab(String... arguments) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream previous = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            List<String> withOut = new ArrayList<>(List.of(arguments));
            withOut.add("--out=" + out);
            exit = LabCommand.commandLine()
                    .setErr(new java.io.PrintWriter(err, true))
                    .execute(withOut.toArray(String[]::new));
        } finally {
            System.setErr(previous);
        }
        return new Output(exit, err.toString(StandardCharsets.UTF_8));
    }

    private Path onlyRunFolder() throws IOException {
        try (Stream<Path> runs = Files.list(out)) {
            return runs.filter(Files::isDirectory)
                    .filter(dir -> !dir.getFileName().toString().startsWith("."))
                    .findFirst()
                    .orElseThrow();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    private static boolean portAnswers(int port) {
        try (java.net.Socket socket = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (IOException closed) {
            return false;
        }
    }
}
