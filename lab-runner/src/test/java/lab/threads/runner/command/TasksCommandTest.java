package lab.threads.runner.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import lab.threads.report.tasks.TaskCase;
import lab.threads.report.tasks.TasksReport;
import lab.threads.run.TasksRecord;
import lab.threads.tasks.TaskRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ./lab tasks at a thousandth of the seeds' sizes: 100 tasks a fork, every model forked, nothing timed. */
class TasksCommandTest {

    @TempDir
    Path results;

    @Test
    void eachModelRunsEveryTaskInAForkOfItsOwnOnItsKindOfThread() throws IOException {
        int exit = TasksCommand.commandLine()
                .execute("--seeds=000,003", "--tasks-scale=0.001", "--repeats=1", "--out=" + results);

        assertEquals(0, exit);
        Path runDir = onlyRun();
        TasksReport report = TasksReport.read(runDir);
        assertEquals(
                List.of("000 pool", "000 thread", "000 virtual", "003 pool", "003 thread", "003 virtual"),
                report.cases().stream().map(c -> c.seed() + " " + c.model()).toList());
        for (TaskCase c : report.cases()) {
            TaskRun run = c.runs().getFirst();
            assertTrue(run.allCompleted(), c + ": " + run.failure());
            assertEquals(100, run.outcome().completed());
            assertEquals(
                    c.model().equals("virtual") ? 100 : 0,
                    run.outcome().onVirtual(),
                    c.label() + ": tasks that ran on a virtual thread");
            assertEquals(0, run.exitCode());
            assertNotNull(run.peakOsThreads(), "sampled from /proc");
            assertTrue(run.peakOsThreads() > 1, "a JVM has several threads: " + run.peakOsThreads());
            assertTrue(Files.isRegularFile(
                    runDir.resolve(c.seed()).resolve(c.model()).resolve("run-1/proc.jsonl")));
        }
        TasksRecord metadata = report.metadata();
        assertEquals(List.of("000", "003"), metadata.seeds());
        assertEquals(1, metadata.repeats());
        assertEquals("000 pool=100", metadata.tasks().getFirst(), "each case's tasks after the scale");
        assertTrue(metadata.machine().command().startsWith("./lab tasks --seeds=000,003"), metadata.toString());
        assertEquals("cached pool", report.find("003", "pool").orElseThrow().label());
        assertEquals(
                "fixed pool of 7,500", report.find("000", "pool").orElseThrow().label());
        assertFalse(report.serverCosts().isEmpty(), "the servers' CPU per request, at least the shipped figures");
        assertTrue(Files.readString(runDir.resolve("tasks.md")).contains("| here: fixed pool of 7,500 |"));
        Files.delete(runDir.resolve("tasks.md"));
        assertEquals(0, ReportCommand.commandLine().execute(runDir.toString()), "./lab report renders it again");
        assertTrue(Files.readString(runDir.resolve("tasks.md")).contains("## Seed 003"));
        String index = Files.readString(results.resolve("index.html"));
        assertTrue(index.contains(runDir.getFileName() + "/index.html"), index);
        assertTrue(index.contains("seeds 000, 003; 1 repeats; every task completed"), index);
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingRuns() throws IOException {
        assertEquals(2, TasksCommand.commandLine().execute("--tasks-scale=0", "--out=" + results));
        assertEquals(2, TasksCommand.commandLine().execute("--seeds=004", "--out=" + results));
        assertEquals(2, TasksCommand.commandLine().execute("--models=fiber", "--out=" + results));
        assertEquals(2, TasksCommand.commandLine().execute("--repeats=0", "--out=" + results));
        try (Stream<Path> made = Files.list(results)) {
            assertEquals(0, made.count(), "no run folder for a refused command");
        }
    }

    @Test
    void aScaleIsOneFactorOrOnePerSeed() {
        TasksCommand command = TasksCommand.commandLine().getCommand();
        command.tasksScale = "001=0.1, 003=2";
        assertEquals(0.1, command.scales().get("001"));
        assertEquals(2.0, command.scales().get("003"));
        assertEquals(null, command.scales().get("000"), "the others at the seed's size");
        command.tasksScale = "0.5";
        assertEquals(List.of(0.5, 0.5, 0.5), List.copyOf(command.scales().values()));
    }

    private Path onlyRun() throws IOException {
        try (Stream<Path> runs = Files.list(results).filter(Files::isDirectory)) {
            List<Path> all = runs.toList();
            assertEquals(1, all.size(), all.toString());
            assertTrue(all.getFirst().getFileName().toString().endsWith("-tasks"));
            return all.getFirst();
        }
    }
}
