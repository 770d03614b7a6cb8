package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JMeter fork out of heap mid-run: named as the client's failure, the row partial with the samples up to then,
 * and the next server still runs. The heap is filled the way a real plan can: a response too big to keep (JMeter
 * keeps every body in memory), from a server that turns fat after a few answers.
 */
@Tag(FaultRun.TAG)
class ClientOutOfHeapTest {
    private static final int SMALL_ANSWERS = 20;

    @TempDir
    Path out;

    @Test
    void theClientsOutOfHeapIsNamedItsRowIsPartialAndTheNextServerRuns() throws Exception {
        try (TestTarget fat = new TestTarget(SMALL_ANSWERS);
                TestTarget normal = new TestTarget(Integer.MAX_VALUE)) {
            int exit = LabCommand.commandLine()
                    .execute(
                            "--servers=virtual,pool",
                            "--target=virtual=http://127.0.0.1:" + fat.port() + ",pool=http://127.0.0.1:"
                                    + normal.port(),
                            "--users=4",
                            "--rampup=1",
                            "--loops=20",
                            "--sleep-ms=50",
                            "--out=" + out);
            assertEquals(1, exit, "one server's turn did not end ok");
        }
        Path run = LabRunEndToEndTest.onlyRunFolder(out);
        JsonNode servers = new ObjectMapper()
                .readTree(run.resolve("summary.json").toFile())
                .get("servers");
        assertEquals(2, servers.size(), "the next server ran");

        JsonNode client = servers.get(0);
        String outcome = client.get("outcome").asText();
        assertTrue(
                outcome.startsWith(
                        "JMeter ended with exit code 143: the client (JMeter) ran out of heap (OutOfMemoryError)"),
                outcome);
        assertTrue(client.get("partial").asBoolean());
        long samples = client.at("/summary/samples").asLong();
        assertTrue(samples >= SMALL_ANSWERS - 4 && samples < 80, "the samples before the heap ran out: " + samples);

        JsonNode next = servers.get(1);
        assertEquals("ok", next.get("outcome").asText());
        assertEquals(80, next.at("/summary/samples").asLong());
        assertTrue(Files.readString(run.resolve("index.html")).contains("id=\"partial\""));
    }
}
