package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.model.client.LoadClient;
import lab.threads.process.ParentWatch;
import lab.threads.report.RunRecovery;
import lab.threads.run.RunFolder;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.command.ReportCommand;
import lab.threads.runner.command.TasksCommand;
import lab.threads.tasks.TasksMain;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner SIGKILLed mid-load (what the out-of-memory killer, a closed terminal or a CI timeout does): nothing it
 * started outlives it, the server stops gracefully, and ./lab report recovers the case from its raw files, marked
 * partial with why.
 */
@Tag(FaultRun.TAG)
class RunnerKilledTest {
    private static final Pattern PROGRESS = Pattern.compile("samples\\s+([\\d,]+)");

    @TempDir
    Path out;

    @Test
    void nothingOutlivesTheRunnerAndReportRecoversTheCaseMarkedPartial() throws Exception {
        Path log = out.resolve("runner.log");
        Process runner = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        LabCommand.class.getName(),
                        "--servers=virtual",
                        "--users=20",
                        "--rampup=1",
                        "--loops=120",
                        "--sleep-ms=250",
                        "--out=" + out.resolve("results"),
                        TestServerJvm.OPTION)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            awaitSamples(log, 40);
            // Every process it started (its `ss` probe may be among them for a few ms): the server and the fork, told
            // apart by what comes before the fork's long class path (the command line read back may stop inside it).
            List<ProcessHandle> started = runner.descendants().toList();
            for (String jvm : List.of("server-virtual.jar", "jmeter-gc.log")) {
                assertTrue(
                        started.stream()
                                .anyMatch(p -> p.info().commandLine().orElse("").contains(jvm)),
                        jvm + " among "
                                + started.stream()
                                        .map(p -> p.info().commandLine().orElse("?"))
                                        .toList());
            }

            killedAndOutlivedByNone(runner, started);
        } finally {
            runner.destroyForcibly();
            runner.descendants().forEach(ProcessHandle::destroyForcibly);
        }

        Path run = LabRunEndToEndTest.onlyRunFolder(out.resolve("results"));
        Path server = run.resolve("server-virtual");
        assertTrue(Files.isRegularFile(run.resolve(RunRecovery.STARTED_FILE)), "run.json written before the load");
        assertFalse(Files.exists(run.resolve("summary.json")), "the runner never summarised");
        String serverLog = Files.readString(server.resolve("server.log"));
        assertTrue(serverLog.contains(ParentWatch.GONE) && serverLog.contains("server-virtual stopped"), serverLog);
        assertTrue(Files.readString(server.resolve("jmeter.log")).contains(ParentWatch.GONE), "the fork said why");

        assertEquals(0, ReportCommand.commandLine().execute(run.toString()));
        JsonNode row = new ObjectMapper()
                .readTree(run.resolve("summary.json").toFile())
                .at("/servers/0");
        assertTrue(row.get("partial").asBoolean());
        String outcome = row.get("outcome").asText();
        assertTrue(
                outcome.matches("interrupted: the runner stopped at t = \\d+ s, before it summarised this server; "
                        + "JMeter stopped with it at [\\d,]+ of 2,400 samples; "
                        + "the server stopped gracefully when the runner was gone"),
                outcome);
        long samples = row.at("/summary/samples").asLong();
        assertTrue(samples >= 40 && samples < 2_400, "the samples up to the kill: " + samples);
        assertTrue(Files.readString(run.resolve("index.html")).contains("id=\"partial\""), "the page says partial");
        assertTrue(
                Files.readString(out.resolve("results").resolve("index.html")).contains(run.getFileName() + "/"),
                "the run is in the index of all runs");
    }

    /** The Hyperfoil fork, which the runner starts as it starts JMeter's, ends with it too. */
    @Test
    void nothingOutlivesTheRunnerInAHyperfoilRun() throws Exception {
        Process runner = java(
                LabCommand.class,
                "--servers=virtual",
                "--client=hyperfoil",
                "--plan=throughput",
                "--connections=10",
                "--warmup=1",
                "--duration=120",
                "--sleep-ms=50",
                "--out=" + out.resolve("results"),
                TestServerJvm.OPTION);
        killedWhileRunning(runner, List.of("server-virtual.jar", "client-hyperfoil.jar"));
        Path server = LabRunEndToEndTest.onlyRunFolder(out.resolve("results")).resolve("server-virtual");
        assertTrue(
                Files.readString(server.resolve(LoadClient.HYPERFOIL.logFile())).contains(ParentWatch.GONE),
                "the fork said why");
    }

    /**
     * A run through a database pool of 2 with 100 users: most requests wait for a connection when the runner dies.
     * The server answers those at once rather than after the pool's 30 s timeout, so it, the database and the client
     * are all gone within the 10 s.
     */
    @Test
    void nothingOutlivesTheRunnerInARunThroughADatabasePool() throws Exception {
        Process runner = java(
                LabCommand.class,
                "--servers=virtual",
                "--how=db",
                "--db-pool=2",
                "--users=100",
                "--rampup=1",
                "--loops=50",
                "--sleep-ms=200",
                "--out=" + out.resolve("results"),
                TestServerJvm.OPTION);
        killedWhileRunning(runner, List.of("server-virtual.jar", "lab-database.jar", "jmeter-gc.log"));
    }

    /** Each process of a load split over two ends with the runner too. */
    @Test
    void nothingOutlivesTheRunnerInASplitLoad() throws Exception {
        Process runner = java(
                LabCommand.class,
                "--servers=virtual",
                "--client-processes=2",
                "--users=20",
                "--rampup=1",
                "--loops=120",
                "--sleep-ms=250",
                "--out=" + out.resolve("results"),
                TestServerJvm.OPTION);
        killedWhileRunning(
                runner,
                List.of(
                        "server-virtual.jar",
                        RunFolder.clientProcessDir(1) + "/jmeter-gc.log",
                        RunFolder.clientProcessDir(2) + "/jmeter-gc.log"));
    }

    /** {@code ./lab tasks}: the batch's JVM ends with the runner, however many threads it holds. */
    @Test
    void nothingOutlivesTheRunnerOfTasks() throws Exception {
        Process runner = java(
                TasksCommand.class, "--seeds=000", "--tasks-scale=1", "--repeats=1", "--out=" + out.resolve("tasks"));
        killedWhileRunning(runner, List.of(TasksMain.class.getName()));
    }

    /** SIGKILLs the runner and asserts that none of {@code started} is alive 10 s later. */
    private static void killedAndOutlivedByNone(Process runner, List<ProcessHandle> started) throws Exception {
        runner.destroyForcibly().waitFor();
        for (ProcessHandle child : started) {
            assertTrue(
                    child.onExit()
                            .thenApply(ended -> true)
                            .completeOnTimeout(false, 10, TimeUnit.SECONDS)
                            .get(),
                    "alive 10 s after the runner's SIGKILL: "
                            + child.info().commandLine().orElse("?"));
        }
    }

    /** A JVM of {@code main} on this classpath, its output in runner.log. */
    private Process java(Class<?> main, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(out.resolve("runner.log").toFile())
                .start();
    }

    /**
     * Once every process named is running under the runner (for at least 2 s, so each has started its watch), SIGKILLs
     * the runner and asserts that every process it started is gone 10 s later.
     */
    private void killedWhileRunning(Process runner, List<String> named) throws Exception {
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            List<ProcessHandle> started = List.of();
            while (System.nanoTime() < deadline) {
                started = runner.descendants().toList();
                List<ProcessHandle> seen = started;
                if (named.stream()
                        .allMatch(name -> seen.stream()
                                .anyMatch(p -> p.info().commandLine().orElse("").contains(name)))) {
                    break;
                }
                assertTrue(runner.isAlive(), "the runner ended early: " + Files.readString(out.resolve("runner.log")));
                Thread.sleep(200);
            }
            List<ProcessHandle> seen = started;
            for (String name : named) {
                assertTrue(
                        seen.stream()
                                .anyMatch(p -> p.info().commandLine().orElse("").contains(name)),
                        name + " among "
                                + seen.stream()
                                        .map(p -> p.info().commandLine().orElse("?"))
                                        .toList() + "; runner.log: " + Files.readString(out.resolve("runner.log")));
            }
            Thread.sleep(2_000);
            started = runner.descendants().toList();
            List<ProcessHandle> atKill = started;
            for (String name : named) {
                assertTrue(
                        atKill.stream()
                                .anyMatch(p -> p.info().commandLine().orElse("").contains(name)),
                        name + " still running when the runner is killed: "
                                + Files.readString(out.resolve("runner.log")));
            }

            killedAndOutlivedByNone(runner, started);
        } finally {
            runner.destroyForcibly();
            runner.descendants().forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void theWordsTheReportLooksForAreTheOnesTheWatchWrites() {
        assertEquals(ParentWatch.GONE, RunRecovery.PARENT_GONE);
    }

    /** Until the runner's progress line shows at least {@code samples}, at most 90 s. */
    private static void awaitSamples(Path log, long samples) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            Matcher progress = PROGRESS.matcher(Files.readString(log));
            long seen = 0;
            while (progress.find()) {
                seen = Long.parseLong(progress.group(1).replace(",", ""));
            }
            if (seen >= samples) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no progress line with " + samples + " samples: " + Files.readString(log));
    }
}
