package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two runs on one machine, into one results folder: neither takes the other's port, folder or index. */
class ConcurrentRunsTest {
    private static final int USERS = 10;

    @TempDir
    Path out;

    @Test
    void twoSmokeRunsAtOnceBothEndCompleteAndBothAreInTheIndex() throws Exception {
        List<Future<Integer>> runs;
        // A thread each, started together (the common pool may have one thread on a 2-core machine).
        try (ExecutorService twoAtOnce = Executors.newFixedThreadPool(2)) {
            runs = twoAtOnce.invokeAll(List.of(this::smokeRun, this::smokeRun));
        }
        for (Future<Integer> run : runs) {
            assertEquals(0, run.get(), "both runs ran to the end");
        }

        List<Path> folders;
        try (Stream<Path> children = Files.list(out)) {
            folders = children.filter(Files::isDirectory)
                    .filter(dir -> !dir.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        }
        assertEquals(2, folders.size(), "one folder each: " + folders);
        String index = Files.readString(out.resolve("index.html"));
        for (Path folder : folders) {
            JsonNode server = new ObjectMapper()
                    .readTree(folder.resolve("summary.json").toFile())
                    .get("servers")
                    .get(0);
            assertEquals("ok", server.get("outcome").asText(), folder.toString());
            assertEquals(USERS * 2, server.at("/summary/samples").asLong(), folder + " has all its samples");
            assertEquals(
                    0.0, server.at("/summary/errorPercent").asDouble(), folder + ": " + server.get("errorsByCause"));
            assertTrue(Files.size(folder.resolve("index.html")) > 0, folder + " has its page");
            assertTrue(index.contains(folder.getFileName().toString()), "the index lists " + folder.getFileName());
        }
        try (Stream<Path> leftovers = Files.list(out)) {
            assertTrue(
                    leftovers.noneMatch(file -> file.getFileName().toString().endsWith(".tmp")),
                    "no temporary file left behind");
        }
    }

    private int smokeRun() {
        return LabCommand.commandLine()
                .execute(
                        "--plan=smoke",
                        "--servers=virtual",
                        "--users=" + USERS,
                        "--rampup=1",
                        "--loops=2",
                        "--sleep-ms=300",
                        "--out=" + out,
                        TestServerJvm.OPTION);
    }
}
