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
 * The whole pipeline on a scaled-down plan, against the three real servers started from their jars, on ports of the
 * test's choosing ({@code --base-port}, so no default port need be free); the first of them is taken by another
 * program, as on a developer's machine, and the run moves that server to a free one.
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
        int base;
        try (ServerSocket squatter = squatBelowTheLastServers()) {
            base = squatter.getLocalPort();
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            exit = LabCommand.commandLine()
                    .execute(
                            "--base-port=" + base,
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
                console.contains("[server-platform] port " + base + " on 127.0.0.1 is taken")
                        && console.contains("--base-port <port> gives the servers other ports"),
                "the taken port is said, with the option that chooses others: " + console);
        List<Variant> inRunOrder = List.of(Variant.PLATFORM, Variant.POOL, Variant.VIRTUAL);
        Path run = onlyRunFolder(out);
        // Each server's folder records where it listened, the moved server's the port it moved to.
        for (Variant variant : inRunOrder) {
            int recorded = recordedPort(run.resolve(variant.id()));
            assertTrue(
                    loadLine(variant.id(), recorded).matcher(console).find(),
                    variant.id() + "'s server-port.json says " + recorded + ", where its load went: " + console);
        }
        assertTrue(recordedPort(run.resolve(Variant.PLATFORM.id())) != base, "not the taken base");
        for (int k = 1; k < inRunOrder.size(); k++) {
            int port = base + k;
            String id = inRunOrder.get(k).id();
            assertTrue(
                    loadLine(id, port).matcher(console).find()
                            || console.contains("[" + id + "] port " + port + " on 127.0.0.1 is taken"),
                    id + " on the base + " + k + ", " + port
                            + " (or moved off it, said, when another program held it): " + console);
        }

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

    /** The console's line that says {@code id}'s load went to {@code port}. */
    private static java.util.regex.Pattern loadLine(String id, int port) {
        return java.util.regex.Pattern.compile(
                "(?m)^\\[" + id + "\\] load: .* -> http://127\\.0\\.0\\.1:" + port + "$");
    }

    /** The port {@code serverDir}'s server-port.json says its server listened on. */
    private static int recordedPort(Path serverDir) throws IOException {
        return new ObjectMapper()
                .readTree(serverDir.resolve("server-port.json").toFile())
                .get("port")
                .asInt();
    }

    /**
     * A port the system has free, held: the run's base, whose server must move off it. Below 65534, so that the base
     * + 2 of the third server is a port.
     */
    private static ServerSocket squatBelowTheLastServers() throws IOException {
        while (true) {
            ServerSocket squatter = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            if (squatter.getLocalPort() <= 65533) {
                return squatter;
            }
            squatter.close();
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
