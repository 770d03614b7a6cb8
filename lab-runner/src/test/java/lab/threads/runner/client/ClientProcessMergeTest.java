package lab.threads.runner.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.run.RunFolder;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class ClientProcessMergeTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    @TempDir
    Path dir;

    @Test
    void everySampleOnceInTheOrderOfTheirEndsWithEveryProcesssUsersCounted() throws IOException {
        write(
                1,
                RunFolder.SAMPLES_FILE,
                HEADER,
                "1000,500,GET /sleep,200,OK,p1-Users 1-1,text,true,,330,138,2,2,http://h/sleep?rid=p1-1,500,0,1",
                "1001,900,GET /sleep,200,OK,p1-Users 1-2,text,true,,330,138,1,1,http://h/sleep?rid=p1-2,900,0,1");
        write(
                2,
                RunFolder.SAMPLES_FILE,
                HEADER,
                "1000,700,GET /sleep,\"Non HTTP response code: java.net.SocketException\","
                        + "\"Non HTTP response message: Too many open files, says the kernel\",p2-Users 1-1,text,false,"
                        + ",0,0,3,3,http://h/sleep?rid=p2-1,0,0,0",
                "1002,2000,GET /sleep,200,OK,p2-Users 1-2,text,true,,330,138,2,2,http://h/sleep?rid=p2-2,2000,0,1");

        ClientProcessMerge.merge(dir);

        List<CSVRecord> merged = records(dir.resolve(RunFolder.SAMPLES_FILE));
        assertEquals(
                List.of("p1-1", "p2-1", "p1-2", "p2-2"),
                merged.stream()
                        .map(r -> r.get("URL").replaceFirst(".*rid=", ""))
                        .toList(),
                "by end: 1500, 1700, 1901, 3002");
        assertEquals(
                List.of("2", "5", "4", "3"),
                merged.stream().map(r -> r.get("allThreads")).toList(),
                "each process's latest count, summed: 2; 2+3; 1+3; 1+2");
        assertEquals(
                List.of("2", "3", "1", "2"),
                merged.stream().map(r -> r.get("grpThreads")).toList(),
                "its own");
        assertEquals(
                "Non HTTP response message: Too many open files, says the kernel",
                merged.get(1).get("responseMessage"),
                "a quoted field keeps its comma");
        List<String> parts = new ArrayList<>();
        for (int process = 1; process <= 2; process++) {
            records(dir.resolve(RunFolder.clientProcessDir(process)).resolve(RunFolder.SAMPLES_FILE)).stream()
                    .map(r -> r.get("timeStamp") + "/" + r.get("elapsed") + "/" + r.get("threadName"))
                    .forEach(parts::add);
        }
        assertEquals(
                parts.stream().sorted().toList(),
                merged.stream()
                        .map(r -> r.get("timeStamp") + "/" + r.get("elapsed") + "/" + r.get("threadName"))
                        .sorted()
                        .toList(),
                "every sample of the parts once");
    }

    @Test
    void theClientStatsAreSummedFromTheFirstSecondEveryProcessHadALine() throws IOException {
        write(
                1,
                RunFolder.CLIENT_STATS_FILE,
                line(1_000_100, 0, 100, 10, false),
                line(1_001_100, 1000, 300, 12, false),
                line(1_002_100, 2000, 500, 12, false));
        write(
                2,
                RunFolder.CLIENT_STATS_FILE,
                line(1_001_300, 1200, 50, 20, false),
                line(1_002_300, 2200, 80, 21, true));

        ClientProcessMerge.merge(dir);

        ObjectMapper json = new ObjectMapper();
        List<JsonNode> merged = new ArrayList<>();
        for (String text : Files.readAllLines(dir.resolve(RunFolder.CLIENT_STATS_FILE))) {
            merged.add(json.readTree(text));
        }
        assertEquals(2, merged.size(), "seconds 1001 and 1002: before 1001 process 2 had no line");
        assertEquals(350, merged.get(0).get("cpuUserMs").asLong(), "300 + 50");
        assertEquals(580, merged.get(1).get("cpuUserMs").asLong(), "500 + 80");
        assertEquals(33, merged.get(1).get("osThreads").asLong());
        assertEquals(21, merged.get(1).get("gcMaxPauseMs").asLong(), "the longest pause, not a sum");
        assertEquals(1_002_300, merged.get(1).get("sampledAtMs").asLong(), "the newest line's clock");
        assertEquals(2200, merged.get(1).get("elapsedMs").asLong(), "with its own elapsed");
        assertTrue(merged.get(1).get("distributed").asBoolean());
        assertEquals(2, merged.get(1).get("processes").asInt());
    }

    @Test
    void aSplitLoadLeftUnmergedByAKilledRunnerIsMergedBeforeItsReport() throws IOException {
        Path server = dir.resolve("repeat-1").resolve("server-virtual");
        write(
                server,
                1,
                RunFolder.SAMPLES_FILE,
                HEADER,
                "1000,500,GET /sleep,200,OK,p1-Users 1-1,text,true,,330,138,1,1,http://h/sleep?rid=p1-1,500,0,1");
        write(
                server,
                2,
                RunFolder.SAMPLES_FILE,
                HEADER,
                "1000,700,GET /sleep,200,OK,p2-Users 1-1,text,true,,330,138,1,1,http://h/sleep?rid=p2-1,700,0,1");

        ClientProcessMerge.mergeWhereMissing(dir);

        assertEquals(2, records(server.resolve(RunFolder.SAMPLES_FILE)).size());
        Files.writeString(server.resolve(RunFolder.SAMPLES_FILE), HEADER + "\n");
        ClientProcessMerge.mergeWhereMissing(dir);
        assertEquals(
                0, records(server.resolve(RunFolder.SAMPLES_FILE)).size(), "a merge already made is left as it is");
    }

    private static String line(long at, long elapsed, long cpu, long threads, boolean distributed) {
        return "{\"sampledAtMs\":" + at + ",\"elapsedMs\":" + elapsed + ",\"cpuUserMs\":" + cpu + ",\"osThreads\":"
                + threads + ",\"gcMaxPauseMs\":" + threads + ",\"machineCpuBusyMs\":7,\"distributed\":"
                + distributed + "}";
    }

    private void write(int process, String file, String... lines) throws IOException {
        write(dir, process, file, lines);
    }

    private static void write(Path serverDir, int process, String file, String... lines) throws IOException {
        Path processDir = Files.createDirectories(serverDir.resolve(RunFolder.clientProcessDir(process)));
        Files.write(processDir.resolve(file), List.of(lines));
    }

    /** A .jtl's samples, by its header's names. */
    public static List<CSVRecord> records(Path jtl) throws IOException {
        try (Reader in = Files.newBufferedReader(jtl)) {
            return CSVFormat.DEFAULT
                    .builder()
                    .setHeader()
                    .setSkipHeaderRecord(true)
                    .get()
                    .parse(in)
                    .getRecords();
        }
    }
}
