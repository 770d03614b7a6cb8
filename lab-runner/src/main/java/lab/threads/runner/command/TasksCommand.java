package lab.threads.runner.command;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import lab.threads.process.LabCommands;
import lab.threads.report.Reports;
import lab.threads.run.RunFolder;
import lab.threads.run.TasksRecord;
import lab.threads.runner.machine.CpuCosts;
import lab.threads.runner.process.LabHome;
import lab.threads.runner.process.TaskFork;
import lab.threads.tasks.ServerCost;
import lab.threads.tasks.TaskModel;
import lab.threads.tasks.TaskProgress;
import lab.threads.tasks.TaskRun;
import lab.threads.tasks.TaskSeed;
import lab.threads.tasks.TaskSpec;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab tasks}: the executor alone, no HTTP: seeds 000, 001 and 003, plus a new platform thread per task, each
 * (seed, model, repeat) in a JVM of its own ({@link TaskFork}), repeats interleaved so a disturbance falls on every
 * model alike. Writes {@code results/<timestamp>-tasks/} after every fork.
 * <p>
 * Not JMH: the figures here are the process's as the kernel sees it (OS threads, RSS, CPU, context switches), sampled
 * from outside, and a batch that cannot create a thread must be counted, not end the benchmark.
 */
@Command(
        name = "./lab tasks",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 110,
        description = {
            "Runs seeds 000, 001 and 003's executor batches (no HTTP), each model in a JVM of its own, and writes",
            "results/<timestamp>-tasks/ with each seed's table beside its published one.",
            ""
        })
public final class TasksCommand implements Callable<Integer> {
    /** Between two progress lines of one long case. */
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

    private static final List<String> JVM_FLAGS =
            List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED");

    @Spec
    CommandSpec spec;

    @Option(
            names = "--seeds",
            defaultValue = "000,001,003",
            split = ",",
            description = "Which seeds: 000, 001, 003. Default: ${DEFAULT-VALUE}.")
    List<String> seeds;

    @Option(
            names = "--models",
            defaultValue = "pool,thread,virtual",
            split = ",",
            description = "Which executors: pool (the seed's: fixed 7,500 or cached), thread (a new platform thread per"
                    + " task), virtual. Default: ${DEFAULT-VALUE}.")
    List<String> models;

    @Option(
            names = "--tasks-scale",
            defaultValue = "1",
            description = "The share of each seed's task count to run: one factor for all (0.01), or per seed"
                    + " (001=0.1,003=1; the others at 1). Default: ${DEFAULT-VALUE}.")
    String tasksScale;

    @Option(
            names = "--repeats",
            defaultValue = "3",
            description =
                    "Forks of each (seed, model); the tables give the median and range. Default: ${DEFAULT-VALUE}.")
    int repeats;

    @Option(
            names = "--case-timeout-s",
            defaultValue = "600",
            description = "A fork still running after this is stopped and reported as such. Default: ${DEFAULT-VALUE}.")
    int caseTimeoutSeconds;

    @Mixin
    ResultsFolder results;

    public static void main(String[] args) {
        LabCommands.run(commandLine(), args);
    }

    public static CommandLine commandLine() {
        return LabCommands.withTwins(new TasksCommand());
    }

    /** One (seed, model) to run. */
    private record Case(TaskSeed seed, TaskModel model, TaskSpec spec) {}

    @Override
    public Integer call() throws IOException, InterruptedException {
        List<Case> cases = cases();
        if (repeats < 1 || caseTimeoutSeconds < 1) {
            throw new IllegalArgumentException(
                    "--repeats and --case-timeout-s must be at least 1, got " + repeats + " and " + caseTimeoutSeconds);
        }
        CommandFolder folder = results.create("tasks");
        Path runDir = folder.dir();
        TasksRecord metadata = metadata(cases);
        List<TaskRun> runs = new ArrayList<>();
        System.out.printf(
                "lab tasks: %d cases x %d repeats, each in a JVM of its own -> %s%n", cases.size(), repeats, runDir);
        boolean allCompleted = true;
        for (int repeat = 1; repeat <= repeats; repeat++) {
            for (Case c : cases) {
                runs.add(fork(c, repeat, runDir));
                allCompleted = Reports.writeTasks(runDir, metadata, runs, serverCosts());
            }
        }
        folder.finish(
                "Tasks",
                RunFolder.TASKS_MARKDOWN_FILE,
                markdown -> markdown.lines()
                        .filter(line -> line.startsWith("## ") || line.startsWith("- ") && line.contains(" ms, "))
                        .map(line -> line + "\n")
                        .reduce("", String::concat));
        return allCompleted ? 0 : 1;
    }

    private TaskRun fork(Case c, int repeat, Path runDir) throws IOException, InterruptedException {
        String name = String.format(
                Locale.ROOT, "seed %s, %s, run %d/%d", c.seed().id(), c.seed().label(c.model()), repeat, repeats);
        System.out.printf(Locale.ROOT, "%s: %,d tasks...%n", name, c.spec().tasks());
        List<String> flags = new ArrayList<>(JVM_FLAGS);
        if (!c.seed().heap().isEmpty()) {
            flags.add(c.seed().heap());
        }
        long[] lastPrinted = {0};
        TaskRun run = TaskFork.run(
                c.seed().id(),
                c.spec(),
                repeat,
                flags,
                runDir.resolve(c.seed().id()).resolve(c.model().id()).resolve("run-" + repeat),
                Duration.ofSeconds(caseTimeoutSeconds),
                (TaskProgress progress, Long osThreads) -> {
                    if (progress.elapsedMs() - lastPrinted[0] >= PROGRESS_EVERY.toMillis()) {
                        lastPrinted[0] = progress.elapsedMs();
                        System.out.printf(
                                Locale.ROOT,
                                "   %s: %,d of %,d done, %,d got no thread, %,d OS threads, %d s%n",
                                name,
                                progress.completed(),
                                c.spec().tasks(),
                                progress.failedToStart(),
                                osThreads,
                                progress.elapsedMs() / 1000);
                    }
                });
        System.out.printf(
                Locale.ROOT,
                "   %s: %s%n",
                name,
                run.failure() == null
                        ? String.format(
                                Locale.ROOT,
                                "every task completed in %,d ms, peak %,d OS threads",
                                run.outcome().wallMs(),
                                run.peakOsThreads())
                        : run.failure());
        return run;
    }

    /** Each server's CPU per request known in the results folder (else the lab's shipped figures). */
    private List<ServerCost> serverCosts() {
        return CpuCosts.load(results.out).server().entrySet().stream()
                .map(server -> new ServerCost(
                        server.getKey(),
                        ServerCost.modelOf(server.getKey()),
                        server.getValue().ms(),
                        server.getValue().from()))
                .toList();
    }

    private List<Case> cases() {
        Map<String, Double> scales = scales();
        List<Case> cases = new ArrayList<>();
        for (String seedId : seeds) {
            TaskSeed seed = TaskSeed.of(seedId.strip());
            for (String modelId : models) {
                TaskModel model = TaskModel.of(modelId.strip());
                cases.add(new Case(seed, model, seed.spec(model, scales.getOrDefault(seed.id(), 1.0))));
            }
        }
        return cases;
    }

    /** {@code 0.01} for every seed, or {@code 001=0.1,003=1} per seed (the others at 1). */
    Map<String, Double> scales() {
        Map<String, Double> scales = new LinkedHashMap<>();
        for (String part : tasksScale.split(",")) {
            String[] pair = part.strip().split("=", 2);
            double factor = positive(pair[pair.length - 1]);
            if (pair.length == 1) {
                for (TaskSeed seed : TaskSeed.values()) {
                    scales.put(seed.id(), factor);
                }
            } else {
                scales.put(TaskSeed.of(pair[0].strip()).id(), factor);
            }
        }
        return scales;
    }

    private static double positive(String factor) {
        try {
            double value = Double.parseDouble(factor.strip());
            if (value > 0 && value <= 100) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // said below
        }
        throw new IllegalArgumentException("--tasks-scale takes a factor above 0 (at most 100), or <seed>=<factor>"
                + " pairs such as 001=0.1; got '" + factor + "'");
    }

    private TasksRecord metadata(List<Case> cases) {
        return new TasksRecord(
                CommandFolder.machine(spec, LabHome.locate()),
                CommandFolder.loadAverage(),
                String.join(" ", JVM_FLAGS) + " (and the seed's heap flag)",
                repeats,
                seeds,
                models,
                cases.stream()
                        .map(c -> c.seed().id() + " " + c.model().id() + "="
                                + c.spec().tasks())
                        .toList());
    }
}
