package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep of two levels, each repeated twice, with a warm-up: the folders, the aggregate and the warm-up kept apart. */
class SweepRunTest {

    @TempDir
    Path out;

    @Test
    void sweepTimesRepeatsWithWarmUp() throws IOException {
        int exit = LabCommand.commandLine()
                .execute(
                        "--plan=smoke",
                        "--servers=virtual",
                        "--sweep=users=4,8",
                        "--repeats=2",
                        "--warmup-users=3",
                        "--rampup=1",
                        "--loops=1",
                        "--sleep-ms=100",
                        "--out=" + out,
                        "--server-jvm-args=-Xmx256m");
        assertEquals(0, exit);

        Path run = LabRunEndToEndTest.onlyRunFolder(out);
        for (String level : List.of("4", "8")) {
            for (int repeat = 1; repeat <= 2; repeat++) {
                Path server = run.resolve("users-" + level + "/repeat-" + repeat + "/server-virtual");
                assertEquals(
                        Integer.parseInt(level) + 1,
                        Files.readAllLines(server.resolve("samples.jtl")).size(),
                        "header + one sample per user");
                assertEquals(
                        3 + 1,
                        Files.readAllLines(server.resolve("warmup/samples.jtl")).size(),
                        "warm-up samples kept apart");
                assertTrue(
                        Files.isRegularFile(server.getParent().resolve("summary.json")),
                        "each case has its own report");
            }
        }
        JsonNode sweep = new ObjectMapper().readTree(run.resolve("sweep.json").toFile());
        assertEquals(2, sweep.get("points").size(), "one point per level for the one server");
        for (JsonNode point : sweep.get("points")) {
            assertEquals("users", point.get("property").asText());
            assertEquals(2, point.at("/figures/throughput/runs").asInt(), "two repeats aggregated");
            assertEquals(0.0, point.at("/figures/errorPercent/max").asDouble());
        }
        assertEquals(4, sweep.get("cases").size());
        assertTrue(Files.readString(run.resolve("index.html")).contains("chart-throughput"));
    }
}
