package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import lab.threads.run.RunFolder;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * A relative p99 check against a guest the test starts ({@link TestGuest}, its delay a flag), with repeats of 3 on
 * both sides: the same service run again, unchanged, passes in each of five tries (no false breach); the service
 * made 30% slower breaches it, exit 3, and checks.xml names the check, the figure and the bound. Seven runs of three
 * repeats each, about two minutes alone: under {@code --all}, as the classes whose figures read timings.
 */
@Tag(CpuTimed.TAG) // the p99s it compares move when another run shares the cores
class GuestChecksTest {
    private static final long DELAY_MS = 100;
    private static final long SLOWER_MS = DELAY_MS * 13 / 10;
    private static final String CHECK = "p99<=+10%";
    private static final int TRIES = 5;

    @TempDir
    Path out;

    @Test
    void theSameServiceAgainPassesFiveTimesOfFiveAndThirtyPercentSlowerBreaches() throws Exception {
        Path baselineOut = run("baseline", DELAY_MS, List.of());
        assertEquals(0, exitOf(baselineOut), "no check, the run as always");
        Path baseline = onlyRun(baselineOut);

        List<Integer> unchanged = new ArrayList<>();
        for (int attempt = 1; attempt <= TRIES; attempt++) {
            unchanged.add(
                    exitOf(run("same-" + attempt, DELAY_MS, List.of("--check=" + CHECK, "--baseline=" + baseline))));
        }
        assertEquals(List.of(0, 0, 0, 0, 0), unchanged, "the unchanged service passes every try");

        Path slower = run("slower", SLOWER_MS, List.of("--check=" + CHECK, "--baseline=" + baseline));
        assertEquals(3, exitOf(slower), "30% slower breaches");
        Element testCase = (Element) DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(onlyRun(slower).resolve(RunFolder.CHECKS_JUNIT_FILE).toFile())
                .getElementsByTagName("testcase")
                .item(0);
        assertEquals(CHECK, testCase.getAttribute("name"));
        String failure = ((Element) testCase.getElementsByTagName("failure").item(0)).getAttribute("message");
        assertTrue(failure.startsWith("breached: orders " + CHECK + ": p99 "), failure);
        assertTrue(failure.contains(", bound "), failure);
    }

    /** One run of the guest at this delay, three repeats; its --out folder, with the exit code in a file beside. */
    private Path run(String name, long delayMs, List<String> checks) throws IOException {
        int port = freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String testClasses = Path.of("target", "test-classes").toAbsolutePath().toString();
        Path folder = out.resolve(name);
        List<String> arguments = new ArrayList<>(List.of(
                "--plan=smoke",
                "--users=20",
                "--rampup=1",
                "--loops=20",
                "--repeats=3",
                "--warmup-users=20",
                "--target=orders=http://127.0.0.1:" + port + "/api/orders?id=1",
                "--target-command=orders=" + java + " -cp " + testClasses + " " + TestGuest.class.getName() + " " + port
                        + " 0 " + delayMs,
                "--out=" + folder));
        arguments.addAll(checks);
        int exit = LabCommand.commandLine().execute(arguments.toArray(String[]::new));
        Files.writeString(folder.resolve("exit"), Integer.toString(exit));
        return folder;
    }

    private static int exitOf(Path folder) throws IOException {
        return Integer.parseInt(Files.readString(folder.resolve("exit")));
    }

    private static Path onlyRun(Path folder) throws IOException {
        return LabRunEndToEndTest.onlyRunFolder(folder);
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}
