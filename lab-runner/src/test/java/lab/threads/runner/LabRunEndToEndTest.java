package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import lab.threads.common.Variant;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.command.ReportCommand;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole pipeline on a scaled-down plan, against the three real servers started from their jars; one server's
 * default port is taken by another program, as on a developer's machine, and the run moves it to a free one.
 */
class LabRunEndToEndTest {
    private static final int USERS = 200;
    private static final int LOOPS = 2;
    private static final int SLEEP_MS = 500;

    @TempDir
    Path out;

    @Test
    void scaledDownTalkPlanAgainstAllThreeServers() throws IOException {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream previous = System.out;
        int exit;
        try (ServerSocket squatter = squat(Variant.PLATFORM.defaultPort())) {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            exit = LabCommand.commandLine()
                    .execute(
                            "--plan=talk",
                            "--users=" + USERS,
                            "--rampup=2",
                            "--loops=" + LOOPS,
                            "--sleep-ms=" + SLEEP_MS,
                            "--out=" + out,
                            TestServerJvm.OPTION);
        } finally {
            System.setOut(previous);
        }
        String console = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, "every server ran: " + console);
        assertTrue(
                console.contains("port " + Variant.PLATFORM.defaultPort() + " on 127.0.0.1 is taken"),
                "the taken port is said: " + console);

        Path run = onlyRunFolder(out);
        for (String file : List.of("summary.json", "summary.csv", "summary.md", "index.html")) {
            assertTrue(Files.size(run.resolve(file)) > 0, file);
        }
        JsonNode summary =
                new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertEquals(USERS, summary.at("/plan/users").asInt());
        assertEquals(3, summary.get("servers").size());
        for (JsonNode server : summary.get("servers")) {
            String id = server.get("server").asText();
            Path dir = run.resolve(id);
            for (String file : List.of("samples.jtl", "server-stats.jsonl", "dashboard/index.html", "server.log")) {
                assertTrue(Files.isRegularFile(dir.resolve(file)), id + " has " + file);
            }
            assertEquals("ok", server.get("outcome").asText());
            assertEquals(
                    0.0, server.at("/summary/errorPercent").asDouble(), id + " errors: " + server.get("errorsByCause"));
            assertConsistentWithJtl(id, server, dir.resolve("samples.jtl"));
            assertTrue(server.at("/serverStats/snapshots").asInt() >= 2, id + " stats sampled through the run");
            assertTrue(server.at("/serverStats/peakInFlight").asLong() > 0, id + " saw requests in flight");
            // Without --profile: no recording, and nothing of one in the report.
            for (String file : List.of("server.jfr", "client.jfr", "server-flame.html", "client-flame.html")) {
                assertFalse(Files.exists(dir.resolve(file)), id + " has no " + file);
            }
            assertTrue(server.path("profile").isMissingNode(), id + " has no profile in summary.json");
        }
        // Which JDK ran each server, as the server's own /stats said: here the runner's (--server-jdk 25).
        assertEquals("25", summary.at("/metadata/serverJdk").asText());
        for (JsonNode server : summary.get("servers")) {
            String id = server.get("server").asText();
            assertEquals(
                    server.at("/serverStats/jdk").asText(),
                    summary.at("/metadata/serverJdkVersions/" + id).asText());
            assertEquals(
                    Runtime.version().feature(),
                    Runtime.Version.parse(server.at("/serverStats/jdk").asText())
                            .feature());
        }
        assertTrue(Files.readString(run.resolve("index.html")).contains("serverJdkVersions"), "the page names them");
        // The client's JVM flags, given as the property lab.client-jvm-args (lab-runner's pom), are the run's.
        assertEquals(
                System.getProperty("lab.client-jvm-args"),
                summary.at("/metadata/clientJvmFlags").asText());
        assertEquals("off", summary.at("/metadata/profile").asText());
        assertFalse(Files.exists(run.resolve("lab.jfc")), "no recording settings written");
        assertFalse(
                Files.readString(run.resolve("index.html")).contains("<section id=\"profile\">"), "no profile section");

        // ./lab report redoes the summary from the raw files: the same numbers again.
        assertEquals(0, new picocli.CommandLine(new ReportCommand()).execute(run.toString()));
        assertEquals(
                summary.get("servers"),
                new ObjectMapper()
                        .readTree(run.resolve("summary.json").toFile())
                        .get("servers"));
        assertEquals(
                2,
                new picocli.CommandLine(new ReportCommand())
                        .execute(out.resolve("no-such-run").toString()));
    }

    /**
     * Takes {@code port}, waiting (at most a minute) while another test JVM's run has a server on it: the test classes
     * run in two JVMs at once, and other runs start servers on their default ports too. It cannot be a free port:
     * {@code ./lab run} has no option for its servers' ports (each listens on its variant's, moved only when taken),
     * and that move is what this test proves, so it must hold the default port itself.
     */
    private static ServerSocket squat(int port) throws IOException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(1);
        while (true) {
            try {
                return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            } catch (java.net.BindException taken) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(
                            "port " + port + " on 127.0.0.1 still taken after a minute: another program holds it (ss"
                                    + " -ltnp 'sport = :" + port + "' names it); this test needs the default port of"
                                    + " the server it moves, ./lab run has no option for it",
                            taken);
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                }
            }
        }
    }

    /** summary.json must say what the raw samples say. */
    private static void assertConsistentWithJtl(String id, JsonNode server, Path jtl) throws IOException {
        try (Reader reader = Files.newBufferedReader(jtl)) {
            List<CSVRecord> rows = CSVFormat.DEFAULT
                    .builder()
                    .setHeader()
                    .setSkipHeaderRecord(true)
                    .get()
                    .parse(reader)
                    .getRecords();
            assertEquals(USERS * LOOPS, rows.size(), id + " samples in the .jtl");
            long[] elapsed = rows.stream()
                    .mapToLong(r -> Long.parseLong(r.get("elapsed")))
                    .toArray();
            long first = rows.stream()
                    .mapToLong(r -> Long.parseLong(r.get("timeStamp")))
                    .min()
                    .orElseThrow();
            long last = rows.stream()
                    .mapToLong(r -> Long.parseLong(r.get("timeStamp")) + Long.parseLong(r.get("elapsed")))
                    .max()
                    .orElseThrow();

            assertEquals(rows.size(), server.at("/summary/samples").asLong());
            assertEquals(
                    java.util.Arrays.stream(elapsed).average().orElseThrow(),
                    server.at("/summary/average").asDouble(),
                    1e-6);
            assertEquals(
                    java.util.Arrays.stream(elapsed).min().orElseThrow(),
                    server.at("/summary/min").asLong());
            assertEquals(
                    java.util.Arrays.stream(elapsed).max().orElseThrow(),
                    server.at("/summary/max").asLong());
            assertEquals(
                    rows.size() * 1000.0 / (last - first),
                    server.at("/summary/throughput").asDouble(),
                    1e-6);
            assertTrue(rows.stream().allMatch(r -> r.get("responseCode").equals("200")), id + " all 200");
            assertTrue(server.at("/summary/min").asLong() >= SLEEP_MS, id + " no answer before the sleep ended");
        }
    }

    static Path onlyRunFolder(Path out) throws IOException {
        try (Stream<Path> runs = Files.list(out)) {
            List<Path> folders = runs.filter(Files::isDirectory)
                    .filter(dir -> !dir.getFileName().toString().startsWith("."))
                    .toList();
            assertEquals(1, folders.size(), "one results/<timestamp> folder: " + folders);
            return folders.getFirst();
        }
    }
}
