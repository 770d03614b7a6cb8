package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.run.RunFolder;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.machine.CpuSets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --cpus} for real: a smoke run with the server on CPU 1 and the forked JMeter on CPU 0. Each JVM must see one
 * processor (its own /stats and client-stats.jsonl say so), the kernel must have each pinned (Cpus_allowed_list, read
 * from outside each second into the proc files), and the run and its report must say how the cores were shared.
 */
@Tag(CpuTimed.TAG) // run alone: the verdict reads which side used its own cores
class CpuPinningTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path out;

    @Test
    void theServerAndTheForkedJMeterEachRunOnTheirOwnCpuAndSeeOnlyIt() throws Exception {
        assumeTrue(CpuSets.allowedHere().get(0) && CpuSets.allowedHere().get(1), "needs CPUs 0 and 1");
        assumeTrue(CpuSets.tasksetOnPath(), "needs taskset (util-linux)");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream console = System.out;
        int exit;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            exit = LabCommand.commandLine()
                    .execute(
                            "--servers=virtual",
                            "--plan=smoke",
                            "--users=20",
                            "--loops=1",
                            "--sleep-ms=200",
                            "--cpus=server=1,client=0",
                            "--out=" + out,
                            "--server-jvm-args=-Xmx256m");
        } finally {
            System.setOut(console);
        }
        assertEquals(0, exit, printed::toString);
        assertTrue(
                printed.toString(StandardCharsets.UTF_8).contains("cores: server: CPU 1, client: CPU 0"),
                printed::toString);

        Path run = LabRunEndToEndTest.onlyRunFolder(out);
        Path server = run.resolve("server-virtual");
        assertEquals(
                1,
                lastLine(server.resolve(RunFolder.STATS_FILE))
                        .get("availableProcessors")
                        .asInt(),
                "the server JVM sees one CPU");
        assertEquals(
                1,
                lastLine(server.resolve(RunFolder.CLIENT_STATS_FILE))
                        .get("cores")
                        .asInt(),
                "the JMeter JVM sees one CPU");
        assertEquals(
                "1",
                lastLine(server.resolve(RunFolder.SERVER_PROC_FILE)).get("cpus").asText(),
                "the kernel pinned the server");
        assertEquals(
                "0",
                lastLine(server.resolve(RunFolder.CLIENT_PROC_FILE)).get("cpus").asText(),
                "the kernel pinned the client");

        JsonNode summary = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals(
                "server: CPU 1, client: CPU 0", summary.at("/metadata/cpus").asText());
        JsonNode findings = summary.at("/servers/0/validity/findings");
        assertTrue(findings.toString().contains("own cores: the client kept its CPU 0"), findings::toString);
        assertTrue(Files.readString(run.resolve("index.html")).contains("Cores: server: CPU 1, client: CPU 0."));
    }

    @Test
    void sidesTheLabDoesNotStartAreNotPinned() {
        assertEquals(
                2,
                LabCommand.commandLine()
                        .execute(
                                "--servers=virtual",
                                "--target=virtual=http://127.0.0.1:1",
                                "--cpus=server=1,client=0",
                                "--out=" + out));
        assertEquals(
                2,
                LabCommand.commandLine()
                        .execute(
                                "--servers=virtual",
                                "--workers=127.0.0.1:1099",
                                "--insecure-rmi",
                                "--cpus=server=1,client=0",
                                "--out=" + out));
        assertEquals(
                2, LabCommand.commandLine().execute("--servers=virtual", "--cpus=server=1,client=1", "--out=" + out));
        assertEquals(
                2,
                LabCommand.commandLine().execute("--servers=virtual", "--cpus=server=1", "--out=" + out),
                "both started here: one side alone would still share the other's core");
    }

    private static JsonNode lastLine(Path jsonl) throws Exception {
        List<String> lines = Files.readAllLines(jsonl).stream()
                .filter(line -> !line.isBlank())
                .toList();
        return JSON.readTree(lines.getLast());
    }
}
