package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.threads.jmeter.home.JMeterHome;
import lab.threads.run.RunFolder;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.command.ReportCommand;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk full while a run writes its results: a tmpfs of the JMeter home's size plus 1 MB, mounted in a user and
 * mount namespace of its own (no root needed where the kernel allows unprivileged user namespaces), holds the run.
 * The raw files of a small load fit, JMeter's dashboard and the report do not: the run ends with one line, the raw
 * files stay readable, and once space is freed ./lab report summarises them.
 */
@Tag(FaultRun.TAG)
class DiskFullTest {
    @TempDir
    Path dir;

    @Test
    void aFullDiskEndsTheRunInOneLineKeepsTheRawFilesAndTheReportIsPossibleAfterwards() throws Exception {
        assumeTrue(
                new ProcessBuilder("unshare", "--user", "--map-root-user", "--mount", "true")
                                .start()
                                .waitFor()
                        == 0,
                "no unprivileged user namespaces here: cannot mount a small tmpfs");
        Path mount = Files.createDirectories(dir.resolve("full"));
        Path copy = dir.resolve("copy");
        long kilobytes = kilobytesOf(JMeterHome.extract(dir.resolve("home"))) + 1024;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = System.getProperty("java.class.path");
        try (TestTarget target = new TestTarget(Integer.MAX_VALUE)) {
            String script = String.join(
                    "\n",
                    "set -u",
                    "mount -t tmpfs -o size=" + kilobytes + "k lab-full '" + mount + "'",
                    "'" + java + "' -cp '" + classPath + "' " + LabCommand.class.getName()
                            + " --servers=virtual --target=virtual=http://127.0.0.1:" + target.port()
                            + " --users=5 --rampup=1 --loops=20 --sleep-ms=50 --out='" + mount + "/results'"
                            + " > '" + dir.resolve("run.log") + "' 2>&1",
                    "echo $? > '" + dir.resolve("run.exit") + "'",
                    "df -k '" + mount + "' > '" + dir.resolve("df.txt") + "'",
                    "cp -a '" + mount + "/results' '" + copy + "'",
                    "echo copied");
            Process shell = new ProcessBuilder("unshare", "--user", "--map-root-user", "--mount", "bash", "-c", script)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("shell.log").toFile())
                    .start();
            assertTrue(shell.waitFor(120, TimeUnit.SECONDS), "the run ended");
        }
        String runLog = Files.readString(dir.resolve("run.log"));
        assertEquals("1", Files.readString(dir.resolve("run.exit")).trim(), runLog);
        List<String> errors = runLog.lines()
                .filter(line -> line.startsWith("lab: IOException"))
                .toList();
        assertEquals(1, errors.size(), runLog);
        assertTrue(
                errors.getFirst().contains("No space left on device")
                        && errors.getFirst().contains("the raw files measured so far are kept")
                        && errors.getFirst().contains("./lab report"),
                errors.getFirst());
        assertFalse(runLog.contains("\tat "), "no stack trace: " + runLog);

        // What the runner wrote before the disk filled, intact: every sample of the plan, each on a whole line.
        Path run = LabRunEndToEndTest.onlyRunFolder(copy);
        Path samples = run.resolve("server-virtual/samples.jtl");
        assertTrue(Files.readString(samples).endsWith("\n"));
        assertEquals(1 + 100, Files.readAllLines(samples).size(), "the header and 5 x 20 samples");

        // Space freed (JMeter's home and its half-written dashboard gone): the report of the raw files.
        deleteTree(run.resolve(RunFolder.CLIENT_HOME_DIR));
        deleteTree(run.resolve("server-virtual/dashboard"));
        assertEquals(0, ReportCommand.commandLine().execute(run.toString()));
        JsonNode row = new ObjectMapper()
                .readTree(run.resolve("summary.json").toFile())
                .at("/servers/0");
        assertEquals(100, row.at("/summary/samples").asLong());
        // The dashboard was the first write to fail: the plan itself ran to its end, so the row is whole.
        assertTrue(row.get("outcome").asText().startsWith("JMeter ended with exit code 3: its plan ran to the end"));
        assertFalse(row.get("partial").asBoolean());
    }

    /** What the files take on a tmpfs: whole 4 KB pages each. */
    private static long kilobytesOf(Path tree) throws IOException {
        try (Stream<Path> files = Files.walk(tree)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(file -> {
                        try {
                            return (Files.size(file) + 4095) / 4096 * 4;
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .sum();
        }
    }

    private static void deleteTree(Path tree) throws IOException {
        if (!Files.exists(tree)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(tree)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.delete(path);
            }
        }
    }
}
