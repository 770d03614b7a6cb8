package lab.threads.runner.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.client.ClientStats;

/** Reads a forked run's {@code client-stats.jsonl} and checks what holds for every line of it. */
final class ClientStatsLines {

    /** Every field of a line, in order, on Linux (where each has a source). */
    static final List<String> FIELDS = List.of(
            "sampledAtMs",
            "elapsedMs",
            "cpuUserMs",
            "cpuSystemMs",
            "rssBytes",
            "osThreads",
            "platformThreads",
            "heapUsedBytes",
            "openFiles",
            "maxOpenFiles",
            "gcPauseMs",
            "gcPauses",
            "gcMaxPauseMs",
            "samplesStarted",
            "samplesCompleted",
            "samplesInFlight",
            "errors",
            "activeUsers",
            "machineCpuBusyMs",
            "machineCpuTotalMs",
            "cores");
    /** Totals that never go down from one line to the next. */
    private static final List<String> CUMULATIVE = List.of(
            "sampledAtMs",
            "elapsedMs",
            "cpuUserMs",
            "cpuSystemMs",
            "gcPauseMs",
            "gcPauses",
            "gcMaxPauseMs",
            "samplesStarted",
            "samplesCompleted",
            "errors",
            "machineCpuBusyMs",
            "machineCpuTotalMs");

    private static final ObjectMapper JSON = new ObjectMapper();

    private ClientStatsLines() {}

    /** The file beside {@code jtl}, every line parsed and checked; a local run has at least the first and last. */
    static List<JsonNode> read(Path jtl, boolean distributed) throws IOException {
        Path file = jtl.resolveSibling(ClientStats.FILE_NAME);
        assertTrue(Files.isRegularFile(file), file + " missing");
        List<JsonNode> lines = new ArrayList<>();
        for (String text : Files.readAllLines(file)) {
            lines.add(JSON.readTree(text));
        }
        assertTrue(lines.size() >= 2, "fewer than 2 lines: " + lines);
        List<String> expected = new ArrayList<>(FIELDS);
        if (distributed) {
            // The workers report no sample starting: this controller has no count of starts.
            expected.removeAll(List.of("samplesStarted", "samplesInFlight"));
            expected.add("distributed");
        }
        JsonNode previous = null;
        for (JsonNode line : lines) {
            List<String> names = new ArrayList<>();
            line.fieldNames().forEachRemaining(names::add);
            assertEquals(expected, names, line::toString);
            for (String name : expected) {
                if (!name.equals("distributed")) {
                    assertTrue(
                            line.get(name).isIntegralNumber() && line.get(name).asLong() >= 0, name + ": " + line);
                }
            }
            if (distributed) {
                assertTrue(
                        line.get("distributed").isBoolean()
                                && line.get("distributed").asBoolean(),
                        line::toString);
            }
            assertTrue(line.get("rssBytes").asLong() > 0, line::toString);
            assertTrue(line.get("osThreads").asLong() > 0, line::toString);
            assertTrue(line.get("platformThreads").asLong() > 0, line::toString);
            assertTrue(line.get("heapUsedBytes").asLong() > 0, line::toString);
            assertTrue(line.get("openFiles").asLong() > 0, line::toString);
            assertTrue(
                    line.get("openFiles").asLong() <= line.get("maxOpenFiles").asLong(), line::toString);
            assertTrue(line.get("cores").asLong() >= 1, line::toString);
            assertTrue(
                    line.get("gcMaxPauseMs").asLong() <= line.get("gcPauseMs").asLong(), line::toString);
            assertTrue(
                    line.get("machineCpuBusyMs").asLong()
                            <= line.get("machineCpuTotalMs").asLong(),
                    line::toString);
            assertTrue(
                    line.get("errors").asLong() <= line.get("samplesCompleted").asLong(), line::toString);
            if (!distributed) {
                long started = line.get("samplesStarted").asLong();
                long completed = line.get("samplesCompleted").asLong();
                assertTrue(started >= completed, line::toString);
                assertEquals(started - completed, line.get("samplesInFlight").asLong(), line::toString);
            }
            if (previous != null) {
                for (String name : CUMULATIVE) {
                    if (line.has(name)) {
                        assertTrue(
                                line.get(name).asLong() >= previous.get(name).asLong(),
                                name + " went down:\n" + previous + "\n" + line);
                    }
                }
            }
            previous = line;
        }
        return lines;
    }

    /** The last line, once the engine ended: every sample of the .jtl completed, none in flight, no user left. */
    static void assertEnded(JsonNode last, long jtlSamples, boolean distributed) {
        assertEquals(jtlSamples, last.get("samplesCompleted").asLong(), last::toString);
        assertEquals(0, last.get("activeUsers").asLong(), last::toString);
        if (!distributed) {
            assertEquals(jtlSamples, last.get("samplesStarted").asLong(), last::toString);
            assertEquals(0, last.get("samplesInFlight").asLong(), last::toString);
        }
    }
}
