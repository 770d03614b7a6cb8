package lab.threads.report.runs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;

/**
 * One side of a comparison: a run's folder (or one case of a sweep), or a folder of repeats, whose figures are then
 * medians with ranges.
 *
 * @param metadata the first repeat's: the repeats share it
 * @param results  the folder runs land in (--out), where a comparison's page goes by default
 */
public record ComparedRun(Path dir, RunRecord metadata, List<RunReport> repeats, Path results) {

    private static final String WHAT_TO_GIVE =
            "give the folder of one run (results/<timestamp>), of one case of a sweep "
                    + "(results/<timestamp>/users-1000), or of repeats";

    /** @throws BadRunFolder when the folder is no run, or a whole sweep */
    public static ComparedRun read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BadRunFolder(dir, "no such folder: " + WHAT_TO_GIVE);
        }
        List<Path> cases = RunFiles.hasSummary(dir) ? List.of(dir) : repeatFolders(dir);
        if (cases.isEmpty()) {
            throw new BadRunFolder(
                    dir,
                    RunFiles.hasSweep(dir)
                            ? "a sweep of several levels: compare one level's folder, e.g. " + firstLevel(dir)
                            : "no " + RunFolder.SUMMARY_JSON_FILE + " in it or in repeat-N folders: " + WHAT_TO_GIVE);
        }
        List<RunReport> reports = cases.stream().map(ComparedRun::summary).toList();
        RunRecord metadata = reports.getFirst().metadata();
        return new ComparedRun(dir, metadata, reports, RunFiles.resultsFolder(cases.getFirst(), metadata));
    }

    public boolean hasRepeats() {
        return repeats.size() > 1;
    }

    /** Every server of the run, in the order the first repeat ran them, then any other repeat's. */
    public List<String> servers() {
        return repeats.stream()
                .flatMap(report -> report.servers().stream())
                .map(ServerSummary::server)
                .distinct()
                .toList();
    }

    /** Whether the run is of one guest alone, a service the lab did not write. */
    public boolean oneGuest() {
        return servers().size() == 1 && rows(servers().getFirst()).stream().allMatch(row -> row.guest() != null);
    }

    /** The server's row in every repeat that has it. */
    public List<ServerSummary> rows(String server) {
        return repeats.stream()
                .flatMap(report -> report.servers().stream())
                .filter(row -> row.server().equals(server))
                .toList();
    }

    private static List<Path> repeatFolders(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(child -> repeatNumber(child) != null && RunFiles.hasSummary(child))
                    .sorted(Comparator.comparing(ComparedRun::repeatNumber))
                    .toList();
        } catch (IOException e) {
            throw new BadRunFolder(dir, "cannot list it (" + e.getMessage() + ")");
        }
    }

    /** N of a {@code repeat-N} folder; null for any other folder. */
    private static Integer repeatNumber(Path dir) {
        String name = dir.getFileName().toString();
        if (!name.startsWith(RunFolder.REPEAT_PREFIX) || !Files.isDirectory(dir)) {
            return null;
        }
        try {
            return Integer.parseInt(name.substring(RunFolder.REPEAT_PREFIX.length()));
        } catch (NumberFormatException notARepeat) {
            return null;
        }
    }

    private static Path firstLevel(Path sweepDir) {
        try {
            return RunFiles.sweep(sweepDir).cases().stream()
                    .findFirst()
                    .map(folder -> sweepDir.resolve(folder.split("/")[0]))
                    .orElse(sweepDir.resolve("<level>"));
        } catch (IOException e) {
            return sweepDir.resolve("<level>");
        }
    }

    private static RunReport summary(Path caseDir) {
        try {
            return RunFiles.summary(caseDir);
        } catch (IOException e) {
            throw new BadRunFolder(
                    caseDir.resolve(RunFolder.SUMMARY_JSON_FILE),
                    "not a run's summary (" + RunFiles.firstLine(e) + "): " + WHAT_TO_GIVE);
        }
    }
}
