package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import lab.threads.common.Variant;
import lab.threads.process.OptionTwins;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.process.ServerPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * ./lab run --base-port: the flag and its twins (lab.base-port, LAB_BASE_PORT, read by the same {@link OptionTwins} as
 * every option's, here with an environment of the test's own), the port each started server gets, and what it
 * refuses, in one line, exit 2, before anything runs. LabRunEndToEndTest runs servers on it.
 */
class BasePortOptionTest {
    private static final Map<String, String> NO_ENVIRONMENT = Map.of();

    @TempDir
    Path out;

    @AfterEach
    void clearProperty() {
        System.clearProperty("lab.base-port");
    }

    @Test
    void withoutItEachServerListensOnItsVariantsOwnPort() throws Exception {
        ServerPorts ports = ports(NO_ENVIRONMENT, "--servers=all");
        for (Variant variant : Variant.values()) {
            assertEquals(variant.defaultPort(), ports.of(variant), variant.id());
        }
        assertEquals(8081, ports.of(Variant.PLATFORM));
    }

    @Test
    void theStartedServersGetTheBaseAndTheNextPortsInRunOrder() throws Exception {
        ServerPorts ports = ports(
                NO_ENVIRONMENT,
                "--servers=virtual,platform,pool,jetty-virtual",
                "--target=platform=http://127.0.0.1:1",
                "--base-port=20000");
        assertEquals(20000, ports.of(Variant.VIRTUAL), "the first in run order, not in the registry's");
        assertEquals(20001, ports.of(Variant.POOL), "a --target server takes none");
        assertEquals(20002, ports.of(Variant.JETTY_VIRTUAL));
        assertThrows(IllegalArgumentException.class, () -> ports.of(Variant.PLATFORM), "the lab starts no platform");
    }

    @Test
    void zeroLeavesEachPortToTheSystemWhenItsServerStarts() throws Exception {
        ServerPorts ports = ports(NO_ENVIRONMENT, "--servers=platform,pool", "--base-port=0");
        assertEquals(ServerPorts.FREE, ports.of(Variant.PLATFORM));
        assertEquals(ServerPorts.FREE, ports.of(Variant.POOL));
    }

    @Test
    void thePropertyAndTheEnvironmentVariableAreItsTwinsTheFlagWinning() throws Exception {
        Map<String, String> environment = Map.of("LAB_BASE_PORT", "21000");
        assertEquals(21000, ports(environment, "--servers=virtual").of(Variant.VIRTUAL), "LAB_BASE_PORT");
        assertEquals(
                Variant.VIRTUAL.defaultPort(),
                ports(Map.of("LAB_BASE_PORT", ""), "--servers=virtual").of(Variant.VIRTUAL),
                "an empty variable is not set, as for every option");
        System.setProperty("lab.base-port", "22000");
        assertEquals(
                22000,
                ports(environment, "--servers=virtual").of(Variant.VIRTUAL),
                "lab.base-port, over the environment");
        assertEquals(
                23000,
                ports(environment, "--servers=virtual", "--base-port=23000").of(Variant.VIRTUAL),
                "the flag, over both");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--base-port=abc  | lab: --base-port must be 0 (a free port for each server, the system's pick) or a port from 1024 to 65535, got 'abc'.",
                "--base-port=-1   | lab: --base-port must be 0 (a free port for each server, the system's pick) or a port from 1024 to 65535, got '-1'.",
                "--base-port=80   | got '80'.",
                "--base-port=65536 | got '65536'.",
                "--base-port=65534 | lab: --base-port 65534 gives the run's 3 started servers the ports 65534-65536, past 65535: give at most 65533, or 0 for free ports.",
                "--server-args=--port=9000 | lab: --server-args cannot set --port or --host: the lab starts its servers on 127.0.0.1, each on its own port; choose the ports with --base-port.",
                "--server-args=--host=0.0.0.0 | choose the ports with --base-port"
            })
    void aBadValueIsRefusedInOneLine(String argument, String expected) {
        assertRefused(expected, NO_ENVIRONMENT, argument);
    }

    @Test
    void aBadValueFromATwinIsRefusedTheSameWay() {
        assertRefused("got 'eighty'.", Map.of("LAB_BASE_PORT", "eighty"));
        System.setProperty("lab.base-port", "1023");
        assertRefused("got '1023'.", NO_ENVIRONMENT);
    }

    /** The run's ports, its command line read with {@code environment} for the process's. */
    private static ServerPorts ports(Map<String, String> environment, String... args) throws Exception {
        CommandLine cli = commandLine(environment);
        cli.parseArgs(args);
        return ((LabCommand) cli.getCommand()).options().ports();
    }

    /** {@code ./lab run}'s command line, its twins read from {@code environment} instead of the process's. */
    private static CommandLine commandLine(Map<String, String> environment) {
        return LabCommand.commandLine().setDefaultValueProvider(new OptionTwins(environment::get, Map.of()));
    }

    private void assertRefused(String expected, Map<String, String> environment, String... arguments) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cli = commandLine(environment).setErr(new PrintWriter(err, true));
        PrintStream previous = System.err;
        int exit;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            exit = cli.execute(Stream.concat(Stream.of(arguments), Stream.of("--plan=smoke", "--out=" + out))
                    .toArray(String[]::new));
        } finally {
            System.setErr(previous);
        }
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, exit, message);
        assertTrue(message.contains(expected), "expected '" + expected + "' in: " + message);
        assertEquals(1, message.strip().lines().count(), "one line: " + message);
        assertTrue(!Files.exists(out) || out.toFile().list().length == 0, "nothing written for a refused run");
    }
}
