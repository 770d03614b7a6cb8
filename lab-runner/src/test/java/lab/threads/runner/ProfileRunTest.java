package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import lab.threads.common.Variant;
import lab.threads.run.JvmSide;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.process.LabHome;
import lab.threads.runner.process.ServerProcess;
import lab.threads.runner.profiling.Profiling;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --profile} for real, on a smoke run of two servers: one the lab starts (virtual), whose JVM and JMeter fork
 * are both recorded, and one it does not (pool, a {@code --target} started here), of which only the client is.
 */
class ProfileRunTest {

    @TempDir
    Path dir;

    @Test
    void eachStartedServerAndEveryJMeterForkIsRecordedAndTheReportReadsTheirCounts() throws Exception {
        ServerProcess pool = ServerProcess.start(new ServerProcess.Spec(
                Variant.POOL,
                LabHome.serverJar(LabHome.locate(), Variant.POOL),
                TestServerJvm.FLAGS,
                List.of(),
                freePort(),
                dir.resolve("pool.log"),
                Duration.ofSeconds(60),
                ServerProcess.Launch.own()));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream console = System.out;
        int exit;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            exit = LabCommand.commandLine()
                    .execute(
                            "--servers=virtual,pool",
                            "--target=pool=" + pool.base(),
                            "--plan=smoke",
                            "--users=20",
                            "--loops=1",
                            "--sleep-ms=200",
                            "--profile",
                            "--out=" + dir.resolve("results"),
                            TestServerJvm.OPTION);
        } finally {
            System.setOut(console);
            pool.stop(Duration.ofSeconds(10), Duration.ofSeconds(70));
        }
        String said = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, said);
        assertTrue(
                said.contains("profile: jfr")
                        && said.contains("--target servers are not recorded")
                        && said.contains(Profiling.COST),
                said);

        Path run = LabRunEndToEndTest.onlyRunFolder(dir.resolve("results"));
        Path virtual = run.resolve(Variant.VIRTUAL.id());
        for (String file : List.of("server.jfr", "client.jfr", "server-flame.html", "client-flame.html")) {
            assertTrue(Files.size(virtual.resolve(file)) > 0, "server-virtual has " + file);
        }
        Path pooled = run.resolve(Variant.POOL.id());
        assertTrue(
                Files.isRegularFile(pooled.resolve(JvmSide.CLIENT.recording())),
                "the --target server's client is recorded");
        assertFalse(Files.exists(pooled.resolve(JvmSide.SERVER.recording())), "the --target server is not");

        JsonNode summary =
                new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertTrue(
                summary.at("/metadata/profile").asText().startsWith("jfr"),
                summary.at("/metadata").toString());
        JsonNode started = summary.at("/servers/0/profile");
        assertTrue(
                started.at("/server/virtualThreadsStarted").asLong() > 0, "a virtual thread per request: " + started);
        assertTrue(
                started.at("/client/cpuSamples").asLong() > 0
                        && started.at("/client/hotFrames").size() > 0,
                started::toString);
        JsonNode targeted = summary.at("/servers/1/profile");
        assertTrue(
                targeted.at("/server").isNull()
                        && targeted.at("/client/threadsStarted").asLong() > 0,
                targeted::toString);
        String page = Files.readString(run.resolve("index.html"));
        assertTrue(
                page.contains("<section id=\"profile\">") && page.contains("server-virtual/server-flame.html"),
                "the section");
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}
