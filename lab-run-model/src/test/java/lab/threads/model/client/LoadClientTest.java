package lab.threads.model.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** run.json names the client by its id; a run from before it is still read by its prose or its logs. */
class LoadClientTest {

    @Test
    void theTypedFieldNamesTheClient() {
        for (LoadClient client : LoadClient.values()) {
            assertEquals(client, LoadClient.of(client.id(), null));
        }
    }

    @Test
    void anOlderRunIsReadByItsProseOrItsLogs() {
        assertEquals(LoadClient.HYPERFOIL, LoadClient.of(null, "Hyperfoil's event loops (client-hyperfoil)"));
        assertEquals(LoadClient.JMETER, LoadClient.of(null, "JMeter users on virtual threads"));
        assertEquals(LoadClient.JMETER, LoadClient.of(null, null));

        assertEquals(LoadClient.JMETER, LoadClient.byLogIn(Set.of()::contains), "no log of a client");
        assertEquals(LoadClient.JMETER, LoadClient.byLogIn(Set.of("jmeter.log")::contains));
        assertEquals(LoadClient.HYPERFOIL, LoadClient.byLogIn(Set.of("hyperfoil.log")::contains), "the log tells");
    }

    @Test
    void idsModulesAndFilesAreOneEach() {
        assertEquals(
                LoadClient.values().length,
                java.util.Arrays.stream(LoadClient.values())
                        .map(LoadClient::id)
                        .distinct()
                        .count());
        assertEquals(
                LoadClient.values().length * 2L,
                java.util.Arrays.stream(LoadClient.values())
                        .flatMap(client -> java.util.stream.Stream.of(client.logFile(), client.gcLogFile()))
                        .distinct()
                        .count(),
                "each client's logs are its own");
        for (LoadClient client : LoadClient.values()) {
            assertEquals("client-" + client.id(), client.module(), "a client's module is client-<id>");
            assertEquals(client.logFile(), client.logFiles().getFirst(), "its stderr first");
        }
    }
}
