package lab.threads.report.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run.json names the client by its typed field; a run from before it is still read by its prose or its logs. */
class LoadClientTest {

    @TempDir
    Path run;

    @Test
    void theTypedFieldNamesTheClient() {
        for (LoadClient client : LoadClient.values()) {
            assertEquals(client, LoadClient.of(Map.of(LoadClient.METADATA_KEY, client.id())));
        }
    }

    @Test
    void anOlderRunIsReadByItsProseOrItsLogs() throws IOException {
        assertEquals(
                LoadClient.HYPERFOIL,
                LoadClient.of(Map.of(LoadClient.OLD_METADATA_KEY, "Hyperfoil's event loops (client-hyperfoil)")));
        assertEquals(
                LoadClient.JMETER,
                LoadClient.of(Map.of(LoadClient.OLD_METADATA_KEY, "JMeter users on virtual threads")));
        assertEquals(LoadClient.JMETER, LoadClient.of(Map.of()));

        Path server = Files.createDirectories(run.resolve("server-virtual"));
        assertEquals(LoadClient.JMETER, LoadClient.of(server), "no run.json, no Hyperfoil log");
        Files.writeString(server.resolve(RunFolder.HYPERFOIL_LOG_FILE), "");
        assertEquals(LoadClient.HYPERFOIL, LoadClient.of(server), "no run.json: the log tells");
    }

    @Test
    void aServerFolderIsReadByItsCasesRunJson() throws IOException {
        Path server = Files.createDirectories(run.resolve("server-virtual"));
        Files.writeString(
                run.resolve(RunFolder.STARTED_FILE),
                "{\"metadata\": {\"" + LoadClient.METADATA_KEY + "\": \"hyperfoil\"}, \"plan\": null}");
        assertEquals(LoadClient.HYPERFOIL, LoadClient.of(server));
    }

    @Test
    void idsAndModulesAreOneEach() {
        assertEquals(
                LoadClient.values().length,
                java.util.Arrays.stream(LoadClient.values())
                        .map(LoadClient::id)
                        .distinct()
                        .count());
        for (LoadClient client : LoadClient.values()) {
            assertEquals("client-" + client.id(), client.module(), "a client's module is client-<id>");
        }
    }
}
