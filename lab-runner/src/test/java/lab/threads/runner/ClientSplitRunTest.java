package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import lab.threads.run.RunFolder;
import lab.threads.runner.client.ClientProcessMergeTest;
import lab.threads.runner.command.LabCommand;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small plan sent by two client processes against server-virtual: each sends its share of the users with ids of
 * its own, the merged results hold every sample once, and the summary's math is that of its parts.
 */
class ClientSplitRunTest {
    private static final int USERS = 31;
    private static final int LOOPS = 2;
    private static final int SLEEP_MS = 200;

    @TempDir
    Path out;

    @Test
    void twoProcessesShareTheUsersAndTheirMergeIsTheRunsSamples() throws IOException {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream previous = System.out;
        int exit;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            exit = LabCommand.commandLine()
                    .execute(
                            "--plan=smoke",
                            "--servers=virtual",
                            "--users=" + USERS,
                            "--rampup=1",
                            "--loops=" + LOOPS,
                            "--sleep-ms=" + SLEEP_MS,
                            "--client-processes=2",
                            "--out=" + out,
                            TestServerJvm.OPTION);
        } finally {
            System.setOut(previous);
        }
        String console = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, console);
        assertTrue(console.contains("client: 2 processes as asked"), console);
        assertTrue(console.contains("[server-virtual p2] done"), "each process's own lines are named: " + console);

        Path dir = LabRunEndToEndTest.onlyRunFolder(out).resolve("server-virtual");
        List<List<CSVRecord>> parts = new ArrayList<>();
        for (int process = 1; process <= 2; process++) {
            parts.add(ClientProcessMergeTest.records(
                    dir.resolve(RunFolder.clientProcessDir(process)).resolve(RunFolder.SAMPLES_FILE)));
        }
        // The users spread: 16 and 15, each running its loops; their thread names and ids are their own.
        for (int process = 1; process <= 2; process++) {
            List<CSVRecord> part = parts.get(process - 1);
            int users = process == 1 ? 16 : 15;
            assertEquals(users * LOOPS, part.size(), "process " + process);
            String prefix = "p" + process + "-";
            assertEquals(
                    users,
                    part.stream().map(r -> r.get("threadName")).distinct().count(),
                    "process " + process + "'s users");
            assertTrue(part.stream().allMatch(r -> r.get("threadName").startsWith(prefix)), "thread names");
            assertTrue(part.stream().allMatch(r -> rid(r).startsWith(prefix)), "request ids");
        }
        List<CSVRecord> merged = ClientProcessMergeTest.records(dir.resolve(RunFolder.SAMPLES_FILE));
        assertEquals(USERS * LOOPS, merged.size());
        Set<String> rids = new HashSet<>();
        merged.forEach(r -> assertTrue(rids.add(rid(r)), "each request id once: " + rid(r)));
        Set<String> fromParts = new HashSet<>();
        parts.forEach(
                part -> part.forEach(r -> fromParts.add(rid(r) + "/" + r.get("timeStamp") + "/" + r.get("elapsed"))));
        Set<String> inMerge = new HashSet<>();
        merged.forEach(r -> inMerge.add(rid(r) + "/" + r.get("timeStamp") + "/" + r.get("elapsed")));
        assertEquals(fromParts, inMerge, "the merge is its parts, every sample once");
        // The server logged every request by the same id.
        Set<String> logged = new HashSet<>();
        for (String line : Files.readAllLines(dir.resolve(RunFolder.REQUESTS_FILE))) {
            logged.add(line.substring(0, line.indexOf(',')));
        }
        assertTrue(logged.containsAll(rids), "the server's log has every id");

        // The summary's math over the merge is JMeter's over the parts together.
        JsonNode summary = new ObjectMapper()
                .readTree(dir.getParent().resolve(RunFolder.SUMMARY_JSON_FILE).toFile())
                .get("servers")
                .get(0);
        List<CSVRecord> all = parts.stream().flatMap(List::stream).toList();
        long first = all.stream()
                .mapToLong(r -> Long.parseLong(r.get("timeStamp")))
                .min()
                .orElseThrow();
        long last = all.stream()
                .mapToLong(r -> Long.parseLong(r.get("timeStamp")) + Long.parseLong(r.get("elapsed")))
                .max()
                .orElseThrow();
        assertEquals(all.size(), summary.at("/summary/samples").asLong());
        assertEquals(
                all.stream()
                        .mapToLong(r -> Long.parseLong(r.get("elapsed")))
                        .average()
                        .orElseThrow(),
                summary.at("/summary/average").asDouble(),
                1e-6);
        assertEquals(
                all.size() * 1000.0 / (last - first),
                summary.at("/summary/throughput").asDouble(),
                1e-6);
        assertEquals(
                0.0,
                summary.at("/summary/errorPercent").asDouble(),
                summary.get("errorsByCause").toString());
        JsonNode split = new ObjectMapper()
                .readTree(dir.resolve(RunFolder.CLIENT_SPLIT_FILE).toFile());
        assertEquals(2, split.get("processes").asInt());
        assertTrue(
                summary.at("/validity/findings").toString().contains("2 client processes"),
                "the report says how many processes ran: " + summary.at("/validity"));
    }

    private static String rid(CSVRecord sample) {
        return sample.get("URL").replaceFirst(".*[?&]rid=", "");
    }
}
