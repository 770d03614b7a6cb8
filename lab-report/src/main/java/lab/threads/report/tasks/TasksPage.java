package lab.threads.report.tasks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import lab.threads.report.math.Numbers;
import lab.threads.report.page.Section;
import lab.threads.report.page.SectionPage;
import lab.threads.report.runs.Spread;
import lab.threads.run.TasksRecord;
import lab.threads.tasks.ServerCost;
import lab.threads.tasks.TaskModel;
import lab.threads.tasks.TaskSeed;

/** What the tasks run's page and tasks.md say: per seed a sentence per model, the table, the servers' share. */
final class TasksPage {
    /** The seed whose tasks block as a server's requests do (a 1 s sleep): the one compared with the servers. */
    static final TaskSeed SERVER_LIKE = TaskSeed.S003;

    static final String TITLE = "The executor alone (./lab tasks)";

    private TasksPage() {}

    /** tasks.md and index.html say this. */
    static SectionPage of(TasksReport report) {
        List<Section> sections = new ArrayList<>(Arrays.stream(TaskSeed.values())
                .filter(seed -> !report.cases(seed).isEmpty())
                .map(seed -> seedSection(seed, report.cases(seed)))
                .toList());
        serverTable(report)
                .ifPresent(table -> sections.add(new Section(
                        "servers", "The threading model's part of a server's CPU", serverWords(), List.of(table))));
        return new SectionPage(TITLE, intro(), SectionPage.ranWhere(ranWhere(report.metadata())), sections);
    }

    /** What ran where, without the seeds, models and task counts: each seed's section says its own. */
    private static TasksRecord ranWhere(TasksRecord metadata) {
        return new TasksRecord(
                metadata.machine(), metadata.load(), metadata.jvmFlags(), metadata.repeats(), null, null, null);
    }

    /** A sentence per model, the table, then any run that failed. */
    private static Section seedSection(TaskSeed seed, List<TaskCase> cases) {
        List<Section.Part> parts = new ArrayList<>();
        parts.add(new Section.Bullets(
                null, summary(cases).stream().map(Section.Bullet::new).toList()));
        parts.add(table(seed, cases));
        failures(cases).forEach(line -> parts.add(new Section.Paragraph(line)));
        return new Section("seed-" + seed.id(), "Seed " + seed.id(), setUp(seed, cases), parts);
    }

    private static String intro() {
        return "Seeds 000, 001 and 003 as they ran it: every task submitted at once to one executor, no HTTP, each"
                + " model in a JVM of its own, plus a new platform thread per task. Figures are this machine's medians"
                + " of the repeats with their min-max range; the published ones are the seeds' own, on their machine"
                + " and JDK. CPU and context switches come from getrusage inside the fork (first submit to close(),"
                + " ended threads included, with the peak RSS), OS threads from /proc outside it every 100 ms.";
    }

    private static String setUp(TaskSeed seed, List<TaskCase> cases) {
        long tasks = cases.getFirst().runs().isEmpty()
                ? 0
                : cases.getFirst().runs().getFirst().tasks();
        return String.format(
                Locale.ROOT,
                "%s. Here: %,d tasks%s%s. Published on: %s.",
                seed.setUp(),
                tasks,
                tasks == seed.spec(TaskModel.POOL, 1).tasks() ? " (the seed's size)" : " (scaled from the seed's size)",
                seed.heap().isEmpty() ? ", no heap flag" : ", " + seed.heap(),
                seed.theirMachine());
    }

    /** A sentence per model: the figures a reader decides on. */
    private static List<String> summary(List<TaskCase> cases) {
        return cases.stream()
                .map(c -> String.format(
                        Locale.ROOT,
                        "%s: %s ms, %s OS threads at the peak, %s ms of CPU a task (%s%% in the kernel); %s.",
                        c.label(),
                        TaskFigure.WALL_MS.median(c),
                        TaskFigure.PEAK_OS_THREADS.median(c),
                        TaskFigure.CPU_PER_TASK_MS.median(c),
                        TaskFigure.KERNEL_SHARE.median(c),
                        completion(c)))
                .toList();
    }

    private static String completion(TaskCase c) {
        return c.allCompleted()
                ? "every task completed in " + c.runs().size() + " of "
                        + c.runs().size() + " runs"
                : String.format(
                        Locale.ROOT,
                        "NOT every task completed: %d of %d runs did, the fewest %,d; %,d tasks got no thread",
                        c.completedRuns(),
                        c.runs().size(),
                        c.fewestCompleted(),
                        c.failedToStart());
    }

    /** The figures' names, then numbers and short words. */
    static Section.Table table(TaskSeed seed, List<TaskCase> cases) {
        List<String> headers = new ArrayList<>(List.of("figure"));
        cases.forEach(c -> headers.add("here: " + c.label()));
        List<TaskModel> published = List.of(TaskModel.values()).stream()
                .filter(model -> List.of(TaskFigure.values()).stream()
                        .anyMatch(figure -> seed.published(figure.key(), model) != null))
                .toList();
        published.forEach(model -> headers.add("published: " + seed.label(model)));
        List<List<String>> rows = new ArrayList<>();
        for (TaskFigure figure : TaskFigure.values()) {
            List<String> row = new ArrayList<>(List.of(figure.label().strip()));
            cases.forEach(c -> row.add(cell(figure, c.figure(figure))));
            published.forEach(model -> row.add(Objects.requireNonNullElse(seed.published(figure.key(), model), "-")));
            rows.add(row);
        }
        List<String> completed = new ArrayList<>(List.of("tasks completed (fewest in a run)"));
        cases.forEach(c -> completed.add(Numbers.count(c.fewestCompleted()) + " in " + c.completedRuns() + "/"
                + c.runs().size() + " runs complete"));
        published.forEach(model -> completed.add("-"));
        rows.add(completed);
        List<String> refused = new ArrayList<>(List.of("tasks that got no thread (all runs)"));
        cases.forEach(c -> refused.add(Numbers.count(c.failedToStart())));
        published.forEach(model -> refused.add("-"));
        rows.add(refused);
        List<Boolean> numeric = new ArrayList<>(List.of(false));
        headers.stream().skip(1).forEach(header -> numeric.add(true));
        return new Section.Table("seed-" + seed.id() + "-table", null, headers, numeric, rows);
    }

    /** "14,257" for one run or equal runs; "14,257 (13,900-15,002)" for a range. */
    static String cell(TaskFigure figure, Spread spread) {
        if (spread.runs() == 0) {
            return Numbers.NOT_AVAILABLE;
        }
        String median = figure.format(spread.median());
        String min = figure.format(spread.min());
        String max = figure.format(spread.max());
        return min.equals(max) ? median : median + " (" + min + "-" + max + ")";
    }

    private static List<String> failures(List<TaskCase> cases) {
        return cases.stream()
                .flatMap(c -> c.runs().stream()
                        .filter(run -> run.failure() != null)
                        .map(run -> c.label() + ", run " + run.repeat() + ": " + run.failure()))
                .toList();
    }

    private static String serverWords() {
        return "Each server's CPU per request (cpu-per-request.json of this results folder, else the lab's shipped"
                + " figures) beside the CPU per task of the executor its requests run on, alone, in seed "
                + SERVER_LIKE.id() + " (tasks that block for 1 s, as the servers' requests block for their sleep): the"
                + " share is how much of the server's cost the threading model alone explains; the rest is HTTP,"
                + " parsing, sockets and the framework.";
    }

    static Optional<Section.Table> serverTable(TasksReport report) {
        if (report.serverCosts().isEmpty()) {
            return Optional.empty();
        }
        List<List<String>> rows = new ArrayList<>();
        for (ServerCost server : report.serverCosts()) {
            Optional<TaskCase> model =
                    server.model() == null ? Optional.empty() : report.find(SERVER_LIKE.id(), server.model());
            double perTask = model.map(c -> c.figure(TaskFigure.CPU_PER_TASK_MS).median())
                    .orElse(Double.NaN);
            rows.add(List.of(
                    server.server(),
                    Numbers.decimal(server.msPerRequest(), 3),
                    server.from(),
                    model.map(TaskCase::label).orElse(server.model() == null ? "no executor model matches" : "not run"),
                    model.map(c -> cell(TaskFigure.CPU_PER_TASK_MS, c.figure(TaskFigure.CPU_PER_TASK_MS)))
                            .orElse("-"),
                    Double.isNaN(perTask) || server.msPerRequest() <= 0
                            ? "-"
                            : Numbers.decimal(100 * perTask / server.msPerRequest(), 0)));
        }
        return Optional.of(new Section.Table(
                "servers-table",
                null,
                List.of(
                        "server",
                        "CPU per request, ms",
                        "measured in",
                        "its executor (seed " + SERVER_LIKE.id() + ")",
                        "executor alone: CPU per task, ms",
                        "executor's share, %"),
                List.of(false, true, false, false, true, true),
                rows));
    }
}
