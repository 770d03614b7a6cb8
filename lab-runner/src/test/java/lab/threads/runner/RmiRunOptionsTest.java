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
import java.util.List;
import lab.threads.jmeter.workers.RmiSecurity;
import lab.threads.run.RunRecord;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How ./lab run --workers talks to its workers: said on the terminal, checked before anything runs, kept in the report. */
class RmiRunOptionsTest {

    @TempDir
    Path dir;

    @Test
    void tlsIsTheDefaultAndTheKeystoreIsInTheMetadata() throws IOException {
        Path keystore = dir.resolve("rmi_keystore.p12");
        RunOptions options = options("--workers=127.0.0.1", "--rmi-keystore=" + keystore);
        assertEquals(
                "RMI over TLS, keystore " + keystore,
                RunMetadata.collect(options, dir, List.of(), RunRecord.Backends.NONE)
                        .load()
                        .workerAccess());
        assertEquals(
                "none (no workers)",
                RunMetadata.collect(options("--rmi-keystore=" + keystore), dir, List.of(), RunRecord.Backends.NONE)
                        .load()
                        .workerAccess());
    }

    @Test
    void aKeystoreThatCannotBeOpenedStopsTheRunBeforeAnythingRuns() throws IOException {
        Path keystore = dir.resolve("rmi_keystore.p12");
        Files.writeString(keystore, "not a keystore");
        Files.writeString(dir.resolve("rmi_keystore.p12.password"), "secret");
        Path out = dir.resolve("results");
        Console console = run("--workers=127.0.0.1:1", "--rmi-keystore=" + keystore, "--out=" + out, "--plan=smoke");
        assertEquals(2, console.exit(), console.err());
        assertTrue(console.err().contains("lab: cannot open the RMI keystore " + keystore), console.err());
        assertTrue(Files.notExists(out), "nothing written for a refused run");
    }

    @Test
    void unreachableWorkersAreRefusedInOneLineBeforeAnyServerStarts() throws IOException {
        int port = freePort(); // nothing listens on it
        Path out = dir.resolve("results");
        Console console = run(
                "--workers=127.0.0.1:" + port,
                "--rmi-keystore=" + dir.resolve("rmi_keystore.p12"),
                "--out=" + out,
                "--plan=smoke",
                "--servers=virtual",
                TestServerJvm.OPTION);
        assertEquals(2, console.exit(), console.err());
        assertEquals(
                "lab: cannot reach the JMeter worker 127.0.0.1:" + port + " (Connection refused): start it there with "
                        + "./lab worker --rmi-hostname 127.0.0.1 --port " + port
                        + ", or correct --workers. No server was started.",
                console.err().strip(),
                "one line");
        assertTrue(Files.notExists(out), "nothing written for a refused run");
        assertFalse(console.out().contains("server-virtual"), "no server started: " + console.out());
    }

    /** The insecure switch: warned about when the run starts, and recorded with the results. */
    @Test
    void insecureRmiIsWarnedAboutAndRecordedInTheReport() throws IOException {
        Path out = dir.resolve("results");
        // A listener that hangs up, no JMeter worker: the run passes the check that its workers answer, then fails
        // fast, after writing its report.
        try (ServerSocket notAWorker = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> hangUpOnEveryone(notAWorker));
            Console console = run(
                    "--workers=127.0.0.1:" + notAWorker.getLocalPort(),
                    "--insecure-rmi",
                    "--out=" + out,
                    "--plan=smoke",
                    "--servers=virtual",
                    "--users=1",
                    TestServerJvm.OPTION);
            assertEquals(1, console.exit(), console.err());
            assertTrue(console.err().contains("lab: " + RmiSecurity.INSECURE_WARNING), console.err());
        }
        JsonNode summary = new ObjectMapper()
                .readTree(LabRunEndToEndTest.onlyRunFolder(out)
                        .resolve("summary.json")
                        .toFile());
        assertTrue(
                summary.at("/metadata/workerAccess").asText().startsWith("plain RMI (--insecure-rmi)"),
                summary.toString());
    }

    private static void hangUpOnEveryone(ServerSocket listener) {
        while (!listener.isClosed()) {
            try {
                listener.accept().close();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static RunOptions options(String... args) throws IOException {
        var cli = LabCommand.commandLine();
        cli.parseArgs(args);
        return ((LabCommand) cli.getCommand()).options();
    }

    private record Console(int exit, String out, String err) {}

    private static Console run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream previousOut = System.out;
        PrintStream previousErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int exit = LabCommand.commandLine()
                    .setOut(new java.io.PrintWriter(out, true))
                    .setErr(new java.io.PrintWriter(err, true))
                    .execute(args);
            return new Console(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(previousOut);
            System.setErr(previousErr);
        }
    }
}
