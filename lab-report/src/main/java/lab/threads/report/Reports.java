package lab.threads.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.DataFormatException;
import lab.threads.report.pinning.PinningReport;
import lab.threads.report.pinning.PinningVerdict;
import lab.threads.report.raw.ServerView;
import lab.threads.report.runs.BadRunFolder;
import lab.threads.report.runs.ComparedRun;
import lab.threads.report.runs.ComparisonReport;
import lab.threads.report.runs.RunComparison;
import lab.threads.report.runs.RunFiles;
import lab.threads.report.runs.RunIndex;
import lab.threads.report.summary.RunReport;
import lab.threads.report.tasks.TaskCase;
import lab.threads.report.tasks.TasksReport;
import lab.threads.report.verdict.SoakCheck;
import lab.threads.run.AtomicFile;
import lab.threads.run.PinningProbe;
import lab.threads.run.PinningRecord;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.TasksRecord;
import lab.threads.tasks.ServerCost;
import lab.threads.tasks.TaskModel;
import lab.threads.tasks.TaskRun;
import lab.threads.tasks.TaskSeed;

/**
 * The runner's door into the report for what is not one case of a run ({@link CaseReport}) nor a run redone ({@link
 * RunRewrite}): the index of runs, a comparison, a soak's check, the pages of {@code ./lab tasks} and {@code ./lab
 * pinning}.
 */
public final class Reports {

    private Reports() {}

    /** results/index.html of every run in {@code results}, rewritten. @return its path */
    public static Path writeIndex(Path results) throws IOException {
        return RunIndex.write(results);
    }

    /** The index of the runs in {@code results} rewritten when one is there. @return its path, if so */
    public static Optional<Path> refreshIndex(Path results) throws IOException {
        return RunIndex.refresh(results);
    }

    /** Two runs compared: the terminal's table, compare.html's folder, and the results folder whose index lists it. */
    public record Comparison(String table, Path page, Path results) {}

    /**
     * @param stamp names the comparison's folder when {@code out} is null
     * @throws IllegalArgumentException when a folder holds no run the lab can compare, saying which and why
     */
    public static Comparison compare(Path a, Path b, Path out, String stamp) throws IOException {
        RunComparison comparison;
        try {
            comparison = RunComparison.of(ComparedRun.read(a), ComparedRun.read(b));
        } catch (BadRunFolder e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Path results = comparison.b().results();
        Path page = ComparisonReport.write(comparison, out != null ? out : results.resolve("compare-" + stamp));
        return new Comparison(ComparisonReport.terminal(comparison), page, results);
    }

    /** A soak run checked: soak.md, what a terminal shows, and whether every server stayed flat without an error. */
    public record Soak(Path file, List<String> lines, boolean passed) {}

    /** @param warmupMinutes the minutes at the start left out of the trends */
    public static Soak soak(Path runDir, int warmupMinutes) throws IOException {
        RunReport report = RunFiles.summary(runDir);
        List<SoakCheck> checks = report.servers().stream()
                .map(server -> SoakCheck.read(
                        server.server(),
                        server.summary().samples(),
                        server.failedSamples(),
                        runDir.resolve(server.server()),
                        warmupMinutes * 60.0))
                .toList();
        if (!(report.plan() instanceof PlanShape.Open plan)) {
            throw new IllegalArgumentException(runDir + " is not a soak: its plan is not the open one (./lab soak)");
        }
        Map<String, Object> how = new LinkedHashMap<>();
        how.put(
                "load",
                String.format(
                        "%d arrivals/s of %d ms for %d s; trends after the first %d min",
                        plan.arrivalsPerSecond(), plan.sleepMs(), plan.durationSeconds(), warmupMinutes));
        how.put("run", runDir);
        Path file = AtomicFile.write(runDir.resolve(RunFolder.SOAK_FILE), SoakCheck.markdown(checks, how));
        List<String> lines = new ArrayList<>();
        for (SoakCheck check : checks) {
            lines.add(String.format(
                    "%s: %s",
                    check.server(),
                    check.passed() ? "flat, 0 errors" : "NOT flat, or errors (" + check.errors() + ")"));
            check.trends().forEach(trend -> lines.add("   " + trend.describe()));
        }
        return new Soak(file, lines, checks.stream().allMatch(SoakCheck::passed));
    }

    /**
     * {@code ./lab tasks}' report with the forks run so far, in the order they ran. @return whether every task
     * completed
     */
    public static boolean writeTasks(Path runDir, TasksRecord metadata, List<TaskRun> runs, List<ServerCost> servers)
            throws IOException {
        Map<String, List<TaskRun>> byCase = new LinkedHashMap<>();
        runs.forEach(run -> byCase.computeIfAbsent(run.seed() + "/" + run.model(), key -> new ArrayList<>())
                .add(run));
        List<TaskCase> cases = byCase.values().stream()
                .map(caseRuns -> TaskCase.of(
                        TaskSeed.of(caseRuns.getFirst().seed()),
                        TaskModel.of(caseRuns.getFirst().model()),
                        caseRuns))
                .toList();
        TasksReport report = new TasksReport(metadata, cases, servers);
        report.write(runDir);
        return report.allCompleted();
    }

    /** {@code ./lab pinning}'s report with the probes run so far. */
    public static void writePinning(Path runDir, PinningRecord metadata, List<PinningProbe> probes) throws IOException {
        new PinningReport(metadata, probes).write(runDir);
    }

    /** A probe's verdict in words, for the line a terminal shows of it. */
    public static String pinningVerdict(PinningProbe probe) {
        return PinningVerdict.of(probe).words();
    }

    /** What the verdict rests on, after it on that line. */
    public static String pinningEvidence(PinningProbe probe) {
        return PinningVerdict.evidence(probe);
    }

    /** What a server timed between two /stats answers, from its cumulative histogram. */
    public record Timed(long count, double p99Ms) {}

    /** Empty when it times none (no histogram), or its histogram is unreadable. */
    public static Optional<Timed> timedBetween(JsonNode before, JsonNode after) {
        JsonNode from = before.path("serverTiming");
        JsonNode to = after.path("serverTiming");
        if (!from.hasNonNull("histogram") || !to.hasNonNull("histogram")) {
            return Optional.empty();
        }
        try {
            ServerView between = ServerView.between(from, to);
            return Optional.of(new Timed(between.count(), between.p99Ms()));
        } catch (DataFormatException | IllegalArgumentException unreadable) {
            return Optional.empty();
        }
    }
}
