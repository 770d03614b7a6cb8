package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.jmeter.workers.RmiSecurity;
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
                RunMetadata.collect(options, dir, List.of()).get("jmeterWorkerRmi"));
        assertEquals(
                "none (no workers)",
                RunMetadata.collect(options("--rmi-keystore=" + keystore), dir, List.of())
                        .get("jmeterWorkerRmi"));
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

    /** The insecure switch: warned about when the run starts, and recorded with the results. */
    @Test
    void insecureRmiIsWarnedAboutAndRecordedInTheReport() throws IOException {
        Path out = dir.resolve("results");
        // No worker listens on port 1: the run fails fast, after writing its report.
        Console console = run(
                "--workers=127.0.0.1:1",
                "--insecure-rmi",
                "--out=" + out,
                "--plan=smoke",
                "--servers=virtual",
                "--users=1",
                TestServerJvm.OPTION);
        assertEquals(1, console.exit(), console.err());
        assertTrue(console.err().contains("lab: " + RmiSecurity.INSECURE_WARNING), console.err());
        JsonNode summary = new ObjectMapper()
                .readTree(LabRunEndToEndTest.onlyRunFolder(out)
                        .resolve("summary.json")
                        .toFile());
        assertTrue(
                summary.at("/metadata/jmeterWorkerRmi").asText().startsWith("plain RMI (--insecure-rmi)"),
                summary.toString());
    }

    private static RunOptions options(String... args) throws IOException {
        var cli = LabCommand.commandLine();
        cli.parseArgs(args);
        return ((LabCommand) cli.getCommand()).options();
    }

    private record Console(int exit, String err) {}

    private static Console run(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream previous = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            return new Console(
                    LabCommand.commandLine()
                            .setErr(new java.io.PrintWriter(err, true))
                            .execute(args),
                    err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(previous);
        }
    }
}
