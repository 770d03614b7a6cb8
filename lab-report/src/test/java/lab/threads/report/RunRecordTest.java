package lab.threads.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.threads.model.client.LoadClient;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run.json's record: an older run folder's still reads, and written back it keeps its keys, order and values. */
class RunRecordTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A run from before the client's id and the workers' present names, recorded by Hyperfoil. */
    private Path oldRunJson() throws URISyntaxException {
        return Path.of(getClass().getResource("/recorded/hyperfoil-0ms-run").toURI())
                .resolve(RunFolder.STARTED_FILE);
    }

    @Test
    void anOldRunFoldersRunJsonReadsIntoTheRecord() throws Exception {
        RunRecord old = RunRecord.in(oldRunJson()).orElseThrow();

        assertEquals("2026-11-25T14:33:03Z", old.machine().date());
        assertEquals(2, old.machine().cores());
        assertEquals(23.5, old.machine().memoryGiB());
        assertEquals("shared: 2 cores", old.limits().cpus());
        assertEquals(4096, old.limits().somaxconn());
        assertEquals("throughput", old.load().plan());
        assertEquals("10", old.load().planProperties().get("connections"));
        assertNull(old.load().loadClient(), "written before the client's id");
        assertEquals(LoadClient.HYPERFOIL, old.load().sender(), "its client known by its words");
        assertEquals("none (users run in the forked JMeter)", old.load().workers(), "jmeterWorkers, renamed since");
        assertEquals("none (no workers)", old.load().workerAccess(), "jmeterWorkerRmi, renamed since");
        assertEquals(13, old.turns().servers().size());
        assertEquals("connections=10,100,1000,10000", old.turns().sweep());
        assertEquals(1, old.turns().repeats());
        assertEquals("-Xms1g -Xmx2g", old.jvms().serverJvmFlags());
        assertEquals("off", old.jvms().profile());
        assertNull(old.jvms().serverJdk(), "written before --server-jdk");
        assertNull(old.backends().databaseVersion());
    }

    @Test
    void writtenBackAnOldRunJsonKeepsItsKeysInTheirOrderAndItsValues() throws Exception {
        JsonNode file = JSON.readTree(oldRunJson().toFile()).get("metadata");
        List<String> keys = new ArrayList<>();
        file.fieldNames().forEachRemaining(key -> keys.add(renamed(key)));

        Map<String, Object> written = RunRecord.in(oldRunJson()).orElseThrow().entries();

        assertEquals(keys, List.copyOf(written.keySet()), "today's names for the renamed ones");
        file.fields()
                .forEachRemaining(key -> assertEquals(
                        JSON.convertValue(key.getValue(), Object.class),
                        written.get(renamed(key.getKey())),
                        key.getKey()));
    }

    private static String renamed(String key) {
        return switch (key) {
            case "jmeterWorkers" -> "workers";
            case "jmeterWorkerRmi" -> "workerAccess";
            default -> key;
        };
    }

    @Test
    void aRunJsonWithoutMetadataOrUnreadableHasNoRecord() throws Exception {
        Path noMetadata = Files.writeString(dir.resolve("none.json"), "{\"plan\": null}");
        Path cut = Files.writeString(dir.resolve("cut.json"), "{\"metadata\": {\"date\": ");

        assertTrue(RunRecord.in(noMetadata).isEmpty());
        assertTrue(RunRecord.in(cut).isEmpty());
        assertTrue(RunRecord.in(dir.resolve("absent.json")).isEmpty());
    }

    @Test
    void theSetupLeavesOutWhenAndHowTheRunWasTyped() throws Exception {
        RunRecord old = RunRecord.in(oldRunJson()).orElseThrow();
        Map<String, Object> setup = old.setup().entries();

        assertNull(setup.get("date"));
        assertNull(setup.get("command"));
        assertEquals(old.machine().gitRevision(), setup.get("gitRevision"));
        assertEquals(old.entries().size() - 2, setup.size());
    }
}
