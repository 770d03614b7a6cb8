package lab.threads.report.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import lab.threads.model.client.LoadClient;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server folder's client: its case's run.json names it; without one, the client's own log does. */
class RecordedClientTest {

    @TempDir
    Path run;

    @Test
    void anOlderRunIsReadByItsLogs() throws IOException {
        Path server = Files.createDirectories(run.resolve("server-virtual"));
        assertEquals(LoadClient.JMETER, RecordedClient.of(server), "no run.json, no Hyperfoil log");
        Files.writeString(server.resolve(LoadClient.HYPERFOIL.logFile()), "");
        assertEquals(LoadClient.HYPERFOIL, RecordedClient.of(server), "no run.json: the log tells");
    }

    @Test
    void aServerFolderIsReadByItsCasesRunJson() throws IOException {
        Path server = Files.createDirectories(run.resolve("server-virtual"));
        Files.writeString(
                run.resolve(RunFolder.STARTED_FILE), "{\"metadata\": {\"loadClient\": \"hyperfoil\"}, \"plan\": null}");
        assertEquals(LoadClient.HYPERFOIL, RecordedClient.of(server));
    }
}
