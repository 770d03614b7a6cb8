package lab.threads.report.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.report.Golden;
import lab.threads.report.page.Section;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;
import lab.threads.run.TasksRecord;
import lab.threads.tasks.ServerCost;
import lab.threads.tasks.TaskModel;
import lab.threads.tasks.TaskOutcome;
import lab.threads.tasks.TaskRun;
import lab.threads.tasks.TaskSeed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TasksReportTest {

    @TempDir
    Path runDir;

    /** A fork of seed 003 at 1,000 tasks: wall, CPU, switches and threads as given, every task completed. */
    private static TaskRun run(TaskModel model, int repeat, long wallMs, long userMs, long systemMs, long threads) {
        TaskOutcome outcome = new TaskOutcome(
                1_000,
                1_000,
                0,
                1_000,
                model == TaskModel.VIRTUAL ? 1_000 : 0,
                wallMs - 10,
                wallMs,
                userMs,
                systemMs,
                4 * wallMs,
                wallMs,
                90L << 20,
                threads);
        return new TaskRun("003", model.id(), repeat, 1_000, 0, outcome, threads, 100L << 20, 500L, wallMs + 400, null);
    }

    private static TasksReport report() {
        TaskCase pool = TaskCase.of(
                TaskSeed.S003,
                TaskModel.POOL,
                List.of(
                        run(TaskModel.POOL, 1, 1_300, 200, 600, 900),
                        run(TaskModel.POOL, 2, 1_100, 100, 300, 1_000),
                        run(TaskModel.POOL, 3, 1_200, 300, 900, 950)));
        TaskRun refused = new TaskRun(
                "003",
                "thread",
                1,
                1_000,
                1,
                new TaskOutcome(1_000, 990, 10, 990, 0, 1_990, 2_000, 400, 1_600, 8_000, 2_000, 1L << 27, 700),
                700L,
                1L << 27,
                2_100L,
                2_400,
                "java.lang.OutOfMemoryError: unable to create native thread");
        TaskCase thread = TaskCase.of(TaskSeed.S003, TaskModel.THREAD, List.of(refused));
        TaskCase virtual = TaskCase.of(
                TaskSeed.S003,
                TaskModel.VIRTUAL,
                List.of(run(TaskModel.VIRTUAL, 1, 1_040, 60, 20, 20), run(TaskModel.VIRTUAL, 2, 1_020, 40, 20, 22)));
        return new TasksReport(
                new TasksRecord(
                        new RunRecord.Machine("2026-11-25T11:00:00Z", null, null, null, null, null, null),
                        null,
                        null,
                        3,
                        null,
                        null,
                        null),
                List.of(pool, thread, virtual),
                List.of(
                        new ServerCost("server-pool", "pool", 0.95, "shipped"),
                        new ServerCost("server-async", null, 0.23, "shipped")));
    }

    @Test
    void eachFigureIsTheMedianOfTheRepeatsWithItsRange() {
        TaskCase pool = report().find("003", "pool").orElseThrow();

        // Wall 1,300 / 1,100 / 1,200: median 1,200, range 1,100-1,300.
        assertEquals(1_200, pool.figure(TaskFigure.WALL_MS).median());
        assertEquals(1_100, pool.figure(TaskFigure.WALL_MS).min());
        assertEquals(1_300, pool.figure(TaskFigure.WALL_MS).max());
        assertEquals(1_190, pool.figure(TaskFigure.ALL_DONE_MS).median());
        // CPU per task: (200+600)/1000 = 0.8, 0.4, 1.2 -> 0.8.
        assertEquals(0.8, pool.figure(TaskFigure.CPU_PER_TASK_MS).median(), 1e-9);
        // Kernel share: 75%, 75%, 75%.
        assertEquals(75.0, pool.figure(TaskFigure.KERNEL_SHARE).median(), 1e-9);
        // Switches per second: 5 x wall switches in wall ms -> 5,000/s in every run.
        assertEquals(5_000, pool.figure(TaskFigure.SWITCHES_PER_S).median(), 1e-9);
        assertEquals(4_000, pool.figure(TaskFigure.VOLUNTARY_PER_S).median(), 1e-9);
        assertEquals(950, pool.figure(TaskFigure.PEAK_OS_THREADS).median());
        assertEquals(90, pool.figure(TaskFigure.PEAK_RSS_MB).median(), 1e-9);
        // Two repeats: the mean of the two.
        TaskCase virtual = report().find("003", "virtual").orElseThrow();
        assertEquals(1_030, virtual.figure(TaskFigure.WALL_MS).median());
        assertTrue(pool.allCompleted() && virtual.allCompleted());
    }

    @Test
    void aThreadRefusedLeavesTheCaseIncompleteAndSaysSo() {
        TasksReport report = report();
        TaskCase thread = report.find("003", "thread").orElseThrow();

        assertFalse(thread.allCompleted());
        assertEquals(10, thread.failedToStart());
        assertEquals(990, thread.fewestCompleted());
        assertFalse(report.allCompleted());
        String md = TasksPage.of(report).markdown();
        assertTrue(
                md.contains("NOT every task completed: 0 of 1 runs did, the fewest 990; 10 tasks got no thread"), md);
        assertTrue(md.contains("unable to create native thread"), md);
    }

    @Test
    void theTablePutsThisMachineBesideTheSeedsPublishedFigures() {
        TasksReport report = report();
        Section.Table table = TasksPage.table(TaskSeed.S003, report.cases(TaskSeed.S003));

        assertEquals(
                List.of(
                        "figure",
                        "here: cached pool",
                        "here: new thread per task",
                        "here: virtual threads",
                        "published: cached pool",
                        "published: virtual threads"),
                table.header());
        List<String> wall = table.rows().getFirst();
        assertEquals(
                List.of(
                        TaskFigure.WALL_MS.label(),
                        "1,200 (1,100-1,300)",
                        "2,000",
                        "1,030 (1,020-1,040)",
                        "14,257",
                        "5,066"),
                wall);
        assertEquals(TaskFigure.values().length + 2, table.rows().size(), "every figure, completion and refusals");
    }

    @Test
    void theServersCpuPerRequestStandsBesideItsExecutorsCpuPerTask() {
        Section.Table servers = TasksPage.serverTable(report()).orElseThrow();

        // server-pool: 0.95 ms a request; the cached pool alone 0.8 ms a task -> 84%.
        assertEquals(
                List.of("server-pool", "0.950", "shipped", "cached pool", "0.8000 (0.4000-1.2000)", "84"),
                servers.rows().get(0));
        assertEquals("no executor model matches", servers.rows().get(1).get(3));
        assertTrue(TasksPage.serverTable(new TasksReport(report().metadata(), report().cases(), List.of()))
                .isEmpty());
    }

    @Test
    void writesJsonMarkdownAndHtmlThatReadBack() throws IOException {
        TasksReport report = report();
        report.write(runDir);

        assertEquals(report, TasksReport.read(runDir));
        JsonNode json =
                new ObjectMapper().readTree(runDir.resolve(RunFolder.TASKS_FILE).toFile());
        JsonNode pool = json.path("cases").get(0);
        for (String field : List.of("seed", "model", "label", "runs", "completedRuns", "figures")) {
            assertTrue(pool.has(field), field + " in " + pool);
        }
        for (TaskFigure figure : TaskFigure.values()) {
            JsonNode spread = pool.path("figures").path(figure.key());
            assertTrue(spread.has("median") && spread.has("min") && spread.has("max"), figure + ": " + spread);
        }
        assertTrue(pool.path("runs").get(0).path("outcome").has("voluntarySwitches"), pool.toString());
        assertTrue(json.path("serverCosts").get(0).has("msPerRequest"));
        String html = Files.readString(runDir.resolve("index.html"));
        assertTrue(html.contains("<table id=\"seed-003-table\">") && html.contains("<table id=\"servers-table\">"));
        assertTrue(html.contains("<th>published: cached pool</th>"), html);
        assertTrue(Files.readString(runDir.resolve(RunFolder.TASKS_MARKDOWN_FILE))
                .contains("| here: cached pool | here: new thread per task | here: virtual threads |"));
    }

    /** tasks.md and index.html byte for byte as recorded ({@link Golden}). */
    @Test
    void thePagesAreAsRecorded() throws IOException {
        report().write(runDir);
        Golden.assertFileAsRecorded(
                "tasks-" + RunFolder.TASKS_MARKDOWN_FILE, runDir.resolve(RunFolder.TASKS_MARKDOWN_FILE));
        Golden.assertFileAsRecorded("tasks-index.html", runDir.resolve("index.html"));
    }

    @Test
    void everyFigureASeedPublishedIsAFigureOfTheTable() {
        java.util.Set<String> keys = java.util.Arrays.stream(TaskFigure.values())
                .map(TaskFigure::key)
                .collect(java.util.stream.Collectors.toSet());
        for (TaskSeed seed : TaskSeed.values()) {
            assertTrue(keys.containsAll(seed.publishedFigures()), seed + ": " + seed.publishedFigures());
        }
    }
}
