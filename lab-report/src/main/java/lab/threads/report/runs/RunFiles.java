package lab.threads.report.runs;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import lab.threads.report.pinning.PinningReport;
import lab.threads.report.summary.RunReport;
import lab.threads.run.PinningProbe;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;
import lab.threads.run.TasksRecord;
import lab.threads.tasks.TaskRun;

/** Reads back what a run wrote, leniently: an older summary.json still reads, its missing figures as null. */
public final class RunFiles {

    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** sweep.json's index: each case's folder relative to the run folder, in the order they ran. */
    public record SweepFile(RunRecord metadata, List<String> cases) {}

    /**
     * tasks.json as the index reads it: its metadata and each case's forks (this package is below the tasks report's).
     */
    record TasksFile(TasksRecord metadata, List<Case> cases) {
        record Case(String seed, List<TaskRun> runs) {}
    }

    private RunFiles() {}

    static boolean hasSummary(Path dir) {
        return Files.isRegularFile(dir.resolve(RunFolder.SUMMARY_JSON_FILE));
    }

    static boolean hasTasks(Path dir) {
        return Files.isRegularFile(dir.resolve(RunFolder.TASKS_FILE));
    }

    static boolean hasPinning(Path dir) {
        return Files.isRegularFile(dir.resolve(RunFolder.PINNING_FILE));
    }

    /** A pinning run in a few words: "JDK 25, 21; 8 wait kinds on 6 servers; 96 probes". */
    static String pinningWords(Path runDir) throws IOException {
        PinningReport pinning = PinningReport.read(runDir);
        List<PinningProbe> probes = pinning.probes();
        return "JDK " + pinning.jdks().stream().map(String::valueOf).collect(Collectors.joining(", ")) + "; "
                + probes.stream().map(PinningProbe::kind).distinct().count() + " wait kinds on "
                + probes.stream().map(PinningProbe::server).distinct().count() + " servers; " + probes.size()
                + " probes";
    }

    public static boolean hasSweep(Path dir) {
        return Files.isRegularFile(dir.resolve(SweepReport.JSON_FILE));
    }

    /** A file without metadata or servers (cut short, or hand-made) reads as empty ones, not nulls. */
    public static RunReport summary(Path runDir) throws IOException {
        RunReport report =
                JSON.readValue(runDir.resolve(RunFolder.SUMMARY_JSON_FILE).toFile(), RunReport.class);
        return new RunReport(
                Objects.requireNonNullElse(report.metadata(), RunRecord.NONE),
                report.plan(),
                Objects.requireNonNullElse(report.servers(), List.of()));
    }

    /** A tasks run in a few words: "seeds 000, 003; 3 repeats; every task completed". */
    static String tasksWords(Path runDir) throws IOException {
        TasksFile tasks = JSON.readValue(runDir.resolve(RunFolder.TASKS_FILE).toFile(), TasksFile.class);
        List<TaskRun> runs =
                tasks.cases().stream().flatMap(c -> c.runs().stream()).toList();
        return "seeds "
                + tasks.cases().stream().map(TasksFile.Case::seed).distinct().collect(Collectors.joining(", "))
                + "; " + Objects.requireNonNullElse(tasks.metadata().repeats(), "?") + " repeats; "
                + (runs.stream().allMatch(TaskRun::allCompleted) ? "every task completed" : "NOT every task completed");
    }

    public static SweepFile sweep(Path runDir) throws IOException {
        SweepFile sweep = JSON.readValue(runDir.resolve(SweepReport.JSON_FILE).toFile(), SweepFile.class);
        return new SweepFile(
                Objects.requireNonNullElse(sweep.metadata(), RunRecord.NONE),
                Objects.requireNonNullElse(sweep.cases(), List.of()));
    }

    /** The folder runs land in, from one case's folder: a sweep adds one level, repeats another. */
    public static Path resultsFolder(Path caseDir, RunRecord metadata) {
        Integer repeats = metadata.turns().repeats();
        int depth = (metadata.turns().sweep() != null ? 1 : 0) + (repeats != null && repeats > 1 ? 1 : 0);
        Path runDir = caseDir.toAbsolutePath().normalize();
        for (int i = 0; i < depth && runDir.getParent() != null; i++) {
            runDir = runDir.getParent();
        }
        return runDir.getParent() != null ? runDir.getParent() : runDir;
    }

    /** An exception in a few words for a one-line message: Jackson's messages go on with the source's location. */
    static String firstLine(Exception e) {
        return String.valueOf(e.getMessage())
                .lines()
                .findFirst()
                .orElse(e.getClass().getSimpleName());
    }
}
