package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import lab.threads.common.Variant;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.process.LabHome;
import lab.threads.runner.process.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The runner's stop of a real server jar: graceful when the server handles SIGTERM, a kill that says why when not. */
class ServerStopTest {
    private static final Duration REACTION = Duration.ofSeconds(3);
    private static final Duration GRACE = Duration.ofSeconds(70);

    @TempDir
    Path dir;

    @Test
    void aServerThatHandlesSigtermStopsGracefully() throws Exception {
        ServerProcess server = start();
        String outcome = server.stop(REACTION, GRACE);
        assertTrue(outcome.startsWith("stopped gracefully after SIGTERM"), outcome);
        assertFalse(server.isAlive());
    }

    @Test
    void aServerThatCannotReactToSigtermIsKilledWithTheReasonAndNothingHangs() throws Exception {
        ServerProcess server = start();
        // A frozen JVM stands for one out of threads: neither can run its SIGTERM handler.
        assertEquals(
                0,
                new ProcessBuilder("kill", "-STOP", Long.toString(server.pid()))
                        .start()
                        .waitFor());
        long started = System.nanoTime();
        String outcome = server.stop(REACTION, GRACE);
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        assertTrue(
                outcome.contains("did not react to SIGTERM within 3 s") && outcome.endsWith("killed (SIGKILL)"),
                outcome);
        assertFalse(server.isAlive());
        assertTrue(tookMs < 15_000, "the stop took " + tookMs + " ms, not the " + GRACE + " grace");
    }

    /** What --server-settings stock starts: each framework's defaults, and the runner's stop still ends it cleanly. */
    @ParameterizedTest
    @EnumSource(
            value = Variant.class,
            names = {"VIRTUAL", "POOL"})
    void aStockServerGetsTheModeOnItsCommandLineAndStopsGracefully(Variant variant) throws Exception {
        var cli = LabCommand.commandLine();
        cli.parseArgs("--server-settings=stock");
        List<String> flags = ((LabCommand) cli.getCommand()).options().startedServerFlags();
        ServerProcess server = start(variant, flags);
        assertTrue(Files.readString(dir.resolve("server.log")).contains("  settings          stock"), server.logTail());
        String outcome = server.stop(REACTION, GRACE);
        assertTrue(outcome.startsWith("stopped gracefully after SIGTERM"), outcome);
        assertFalse(server.isAlive());
    }

    private ServerProcess start() throws IOException, InterruptedException {
        return start(Variant.VIRTUAL, List.of());
    }

    private ServerProcess start(Variant variant, List<String> serverFlags) throws IOException, InterruptedException {
        Path jar = LabHome.serverJar(LabHome.locate(), variant);
        return ServerProcess.start(new ServerProcess.Spec(
                variant,
                jar,
                TestServerJvm.FLAGS,
                serverFlags,
                freePort(),
                dir.resolve("server.log"),
                Duration.ofSeconds(60),
                ServerProcess.Launch.own()));
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}
