package lab.threads.virtual;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The server as users start it: its own JVM, flags in, messages and exit codes out. */
class ServerProcessTest {

    @Test
    void portInUseExitsWithAMessageSayingWhatToDo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Run run = run("--port=" + taken.getLocalPort());
            assertEquals(1, run.exitCode());
            assertTrue(run.output().contains("already in use") && run.output().contains("--port"), run.output());
        }
    }

    @Test
    void badFlagExitsWith2AndNamesIt() throws Exception {
        Run run = run("--sleep-ms=soon");
        assertEquals(2, run.exitCode());
        assertTrue(run.output().contains("--sleep-ms") && run.output().contains("--help"), run.output());
    }

    @Test
    void helpListsEverySetting() throws Exception {
        Run run = run("--help");
        assertEquals(0, run.exitCode());
        for (String flag : List.of(
                "--settings",
                "--host",
                "--port",
                "--sleep-ms",
                "--max-sleep-ms",
                "--backlog",
                "--idle-timeout-ms",
                "--max-connections",
                "--shutdown-grace-ms")) {
            assertTrue(run.output().contains(flag), flag + " missing from --help:\n" + run.output());
        }
    }

    private record Run(int exitCode, String output) {}

    private static Run run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                VirtualServerMain.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the server did not exit: " + String.join(" ", command));
        }
        return new Run(
                process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
