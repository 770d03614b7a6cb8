package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import lab.threads.common.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LabRunBadInputTest {

    @TempDir
    Path out;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--servers=platform,tomcat | Unknown server 'tomcat'",
            "--plan=nosuchplan         | Unknown plan 'nosuchplan'",
            "--users=many              | 'users' must be a whole number",
            "--rampup=1.5              | 'rampup' must be a whole number",
            "-Jthreads=5               | has no property 'threads'",
            "-Jport=9999               | set by the runner",
            "--client=green            | --client must be virtual or platform",
            "--workers=dns:nowhere.invalid | --workers: cannot resolve 'nowhere.invalid'",
            "--workers=10.0.0.5:http   | --workers: bad port 'http'",
            "--no-such-option          | Unknown option",
            "--rate=100                | 'rate' is a knob of open plans (arrivals at a fixed rate), and the plan 'talk' is closed",
            "--duration=30             | use --plan open, or set --users, --rampup and --loops"})
    void badInputIsRefusedBeforeAnythingRuns(String argument, String expected) {
        assertRefused(expected, argument);
    }

    @ParameterizedTest(name = "--plan=open {0}")
    @CsvSource(delimiter = '|', value = {
            "--rate=fast               | Plan property 'rate' must be a whole number of at least 1, got 'fast': set it with --rate.",
            "--rate=2.5                | Plan property 'rate' must be a whole number",
            "--duration=0              | Plan property 'duration' must be a whole number of at least 1",
            "--users=10                | 'users' is a knob of closed plans, and the plan 'open' is open",
            "--sweep=loops=1,2         | set --rate, --rampup and --duration",
            "--workers=127.0.0.1:1099  | --workers runs closed plans only",
            "--warmup-users=5          | run it without --warmup-users"})
    void badInputForAnOpenPlanIsRefusedBeforeAnythingRuns(String argument, String expected) {
        assertRefused(expected, "--plan=open", argument);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--server-settings=tuned                       | lab: --server-settings must be lab or stock, got 'tuned'.",
            "--server-settings=stock --target=virtual=http://127.0.0.1:1 | lab: --server-settings stock applies to the servers the lab starts",
            "--server-settings=stock --server-args=--backlog=4096 | lab: --server-args --backlog tunes what --server-settings stock leaves",
            "--server-args=--settings=stock                | lab: --server-args cannot set --settings: use --server-settings"})
    void badServerSettingsAreRefusedInOneLine(String arguments, String expected) {
        String message = assertRefused(expected, arguments.split(" "));
        assertEquals(1, message.strip().lines().count(), message);
    }

    private String assertRefused(String expected, String... arguments) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        var cli = LabCommand.commandLine().setErr(new java.io.PrintWriter(err, true));
        PrintStream previous = System.err;
        int exit;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            String[] withOut = java.util.Arrays.copyOf(arguments, arguments.length + 1);
            withOut[arguments.length] = "--out=" + out;
            exit = cli.execute(withOut);
        } finally {
            System.setErr(previous);
        }
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, exit, message);
        assertTrue(message.contains(expected), "expected '" + expected + "' in: " + message);
        assertTrue(!Files.exists(out) || out.toFile().list().length == 0, "nothing written for a refused run");
        return message;
    }

    @Test
    void aPortInUseSkipsThatServerAndTheOthersStillRun() throws IOException {
        try (ServerSocket squatter = new ServerSocket(Variant.PLATFORM.defaultPort(), 50, InetAddress.getLoopbackAddress())) {
            int exit = LabCommand.commandLine().execute("--plan=smoke", "--servers=platform,virtual", "--users=10",
                    "--rampup=1", "--loops=1", "--sleep-ms=200", "--out=" + out, "--server-jvm-args=-Xmx256m");
            assertEquals(1, exit, "not every server ran");
        }
        JsonNode servers = new ObjectMapper().readTree(LabRunEndToEndTest.onlyRunFolder(out).resolve("summary.json").toFile()).get("servers");
        assertEquals(2, servers.size());
        assertTrue(servers.get(0).get("outcome").asText().contains("port 8081 on 127.0.0.1 is already in use"), servers.get(0).toString());
        assertEquals(0, servers.get(0).at("/summary/samples").asLong());
        assertEquals("ok", servers.get(1).get("outcome").asText());
        assertEquals(10, servers.get(1).at("/summary/samples").asLong());
    }
}
