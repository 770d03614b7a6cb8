package lab.threads.report.runs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import lab.threads.report.summary.RunReport;
import lab.threads.run.AtomicFile;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;

/** {@code results/index.html}: every run, newest first; a folder that is no run is noted, never fatal. */
public final class RunIndex {

    /** One run in the index; a {@code group} is a sweep or repeats, whose cases each have their own folder. */
    record Entry(String folder, Instant date, RunRecord metadata, boolean group, List<Case> cases) {}

    /** @param folder relative to its entry's folder; empty for a plain run */
    record Case(String folder, RunReport report) {}

    /** A {@code ./lab tasks} or {@code ./lab pinning} run in a few words. */
    record TasksEntry(String folder, String words) {}

    /** @param skipped one note per folder (or a group's case) that could not be listed, and why */
    record Contents(
            List<Entry> runs,
            List<String> comparisons,
            List<TasksEntry> tasks,
            List<TasksEntry> pinning,
            List<String> skipped) {}

    private RunIndex() {}

    /** Rewrites {@code index.html} in the results folder. @return the file written */
    public static Path write(Path resultsDir) throws IOException {
        return AtomicFile.write(resultsDir.resolve(RunFolder.HTML_FILE), RunIndexPage.render(read(resultsDir)));
    }

    /** Rewrites the index only where a run wrote one before. @return the file written, if any */
    public static Optional<Path> refresh(Path resultsDir) throws IOException {
        return isResultsFolder(resultsDir) && Files.isRegularFile(resultsDir.resolve(RunFolder.HTML_FILE))
                ? Optional.of(write(resultsDir))
                : Optional.empty();
    }

    /** A folder runs land in: not a run itself, with a run in at least one of its folders. */
    public static boolean isResultsFolder(Path dir) throws IOException {
        if (!Files.isDirectory(dir) || isRun(dir)) {
            return false;
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.anyMatch(RunIndex::isRun);
        }
    }

    private static boolean isRun(Path dir) {
        return RunFiles.hasSummary(dir) || RunFiles.hasSweep(dir) || RunFiles.hasTasks(dir) || RunFiles.hasPinning(dir);
    }

    static Contents read(Path resultsDir) throws IOException {
        List<Entry> runs = new ArrayList<>();
        List<String> comparisons = new ArrayList<>();
        List<TasksEntry> tasks = new ArrayList<>();
        List<TasksEntry> pinning = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<Path> folders;
        try (Stream<Path> children = Files.list(resultsDir)) {
            // Hidden folders are the tools' own (a JMeter home), never a run.
            folders = children.filter(Files::isDirectory)
                    .filter(dir -> !dir.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        }
        for (Path dir : folders) {
            String name = dir.getFileName().toString();
            try {
                if (RunFiles.hasSummary(dir)) {
                    RunReport report = RunFiles.summary(dir);
                    runs.add(new Entry(
                            name,
                            date(report.metadata(), dir.resolve(RunFolder.SUMMARY_JSON_FILE)),
                            report.metadata(),
                            false,
                            List.of(new Case("", report))));
                } else if (RunFiles.hasSweep(dir)) {
                    runs.add(group(dir, skipped));
                } else if (RunFiles.hasTasks(dir)) {
                    tasks.add(new TasksEntry(name, RunFiles.tasksWords(dir)));
                } else if (RunFiles.hasPinning(dir)) {
                    pinning.add(new TasksEntry(name, RunFiles.pinningWords(dir)));
                } else if (Files.isRegularFile(dir.resolve(ComparisonReport.FILE))) {
                    comparisons.add(name);
                } else {
                    skipped.add(name + ": no " + RunFolder.SUMMARY_JSON_FILE + " or " + SweepReport.JSON_FILE
                            + " (not a run, or a sweep still in its first case)");
                }
            } catch (IOException | RuntimeException unreadable) {
                skipped.add(name + ": unreadable (" + RunFiles.firstLine(unreadable) + ")");
            }
        }
        runs.sort(Comparator.comparing(Entry::date).reversed());
        comparisons.sort(Comparator.reverseOrder()); // compare-<timestamp>: newest first too
        tasks.sort(Comparator.comparing(TasksEntry::folder).reversed()); // <timestamp>-tasks
        pinning.sort(Comparator.comparing(TasksEntry::folder).reversed()); // <timestamp>-pinning
        return new Contents(
                List.copyOf(runs),
                List.copyOf(comparisons),
                List.copyOf(tasks),
                List.copyOf(pinning),
                List.copyOf(skipped));
    }

    /** A sweep or repeats: its cases as sweep.json lists them; a case without its summary (cut short) is noted. */
    private static Entry group(Path dir, List<String> skipped) throws IOException {
        RunFiles.SweepFile sweep = RunFiles.sweep(dir);
        List<Case> cases = new ArrayList<>();
        for (String folder : sweep.cases()) {
            Path caseDir = dir.resolve(folder);
            String name = dir.getFileName() + "/" + folder;
            try {
                if (RunFiles.hasSummary(caseDir)) {
                    cases.add(new Case(folder, RunFiles.summary(caseDir)));
                } else {
                    skipped.add(name + ": no " + RunFolder.SUMMARY_JSON_FILE + " (the run stopped before this case)");
                }
            } catch (IOException | RuntimeException unreadable) {
                skipped.add(name + ": unreadable (" + RunFiles.firstLine(unreadable) + ")");
            }
        }
        return new Entry(
                dir.getFileName().toString(),
                date(sweep.metadata(), dir.resolve(SweepReport.JSON_FILE)),
                sweep.metadata(),
                true,
                List.copyOf(cases));
    }

    /** When the run started, as its metadata says; the file's time for a run that did not say. */
    private static Instant date(RunRecord metadata, Path file) throws IOException {
        String date = metadata.machine().date();
        if (date != null) {
            try {
                return OffsetDateTime.parse(date).toInstant();
            } catch (DateTimeParseException notADate) {
                // fall through to the file's time
            }
        }
        return Files.getLastModifiedTime(file).toInstant();
    }
}
