package lab.threads.runner.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import lab.threads.model.client.LoadClient;
import org.junit.jupiter.api.Test;

class ClientSplitTest {

    private static final long LIMIT = 20_000;

    @Test
    void autoForksAsManyProcessesAsTheWorstCaseNeedsUnderTheOpenFilesLimit() {
        int own = LoadClient.JMETER.ownDescriptors();
        assertEquals(
                1,
                ClientSplit.of(0, LIMIT - own, 1_000_000, LoadClient.JMETER, LIMIT)
                        .processes());
        assertEquals(
                2,
                ClientSplit.of(0, LIMIT - own + 1, 1_000_000, LoadClient.JMETER, LIMIT)
                        .processes());
        ClientSplit talk = ClientSplit.of(0, 20_000, 20_000, LoadClient.JMETER, LIMIT);
        assertEquals(2, talk.processes());
        assertTrue(talk.why().contains("20,000 connections at the worst"), talk.why());
        assertEquals(
                3, ClientSplit.of(0, 40_000, 40_000, LoadClient.JMETER, LIMIT).processes());
        assertEquals(
                1,
                ClientSplit.of(0, 1_000_000, 1_000_000, LoadClient.JMETER, null).processes(),
                "no limit");
    }

    @Test
    void aNumberAskedIsKeptUnlessTheLoadHasFewerToShare() {
        assertEquals(3, ClientSplit.of(3, 10, 100, LoadClient.JMETER, LIMIT).processes());
        ClientSplit clamped = ClientSplit.of(5, 2, 2, LoadClient.JMETER, LIMIT);
        assertEquals(2, clamped.processes());
        assertTrue(clamped.why().contains("asked 5"), clamped.why());
        assertEquals(1, ClientSplit.of(0, 100_000, 1, LoadClient.JMETER, LIMIT).processes(), "one user: one process");
    }

    @Test
    void theOptionTakesAutoOrAWholeNumberFromOne() {
        assertEquals(0, ClientSplit.parse("auto"));
        assertEquals(0, ClientSplit.parse(" AUTO "));
        assertEquals(4, ClientSplit.parse("4"));
        for (String bad : new String[] {"0", "-1", "two", "1.5", ""}) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> ClientSplit.parse(bad), bad);
            assertTrue(refused.getMessage().startsWith("--client-processes takes auto"), refused.getMessage());
        }
    }
}
