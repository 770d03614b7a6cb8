package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import lab.threads.run.RunRecord;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ./lab run --server-settings: onto every started server's command line, and into the run's metadata. */
class ServerSettingsOptionTest {

    @TempDir
    Path dir;

    @AfterEach
    void clearProperty() {
        System.clearProperty("lab.server-settings");
    }

    @Test
    void labIsTheDefault() throws IOException {
        RunOptions options = options();
        assertEquals("--settings=lab", options.startedServerFlags().getFirst());
        assertEquals(
                "lab (the lab's equal settings)",
                RunMetadata.collect(options, dir, List.of(), RunRecord.Backends.NONE)
                        .jvms()
                        .serverSettings());
    }

    @Test
    void stockReachesEveryServerAheadOfItsOtherFlagsAndTheMetadata() throws IOException {
        RunOptions options = options("--server-settings=stock", "--server-args=--max-sleep-ms=9000");
        assertEquals(List.of("--settings=stock", "--max-sleep-ms=9000"), options.startedServerFlags());
        assertEquals(
                "stock (each framework's defaults)",
                RunMetadata.collect(options, dir, List.of(), RunRecord.Backends.NONE)
                        .jvms()
                        .serverSettings());
    }

    @Test
    void thePropertyWorksLikeTheOption() throws IOException {
        System.setProperty("lab.server-settings", "STOCK");
        assertEquals("--settings=stock", options().startedServerFlags().getFirst());
    }

    private static RunOptions options(String... args) throws IOException {
        var cli = LabCommand.commandLine();
        cli.parseArgs(args);
        return ((LabCommand) cli.getCommand()).options();
    }
}
