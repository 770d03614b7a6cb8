package lab.threads.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import lab.threads.report.ReportWriter;
import lab.threads.report.RunReport;
import lab.threads.report.ServerSummary;
import lab.threads.report.page.TerminalTable;
import lab.threads.report.runs.RunFiles;
import lab.threads.report.runs.RunIndex;
import lab.threads.report.runs.SweepPoint;
import lab.threads.report.runs.SweepReport;
import lab.threads.report.tasks.TasksReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ./lab report <run folder>}: summarises a finished run again from its raw files (as {@code jmeter -g} does),
 * keeping its metadata, plan and outcomes, so a report made by an older version can be redone with the current math.
 * A sweep or repeats folder is done case by case, then its page over the cases.
 */
@Command(
        name = "./lab report",
        mixinStandardHelpOptions = true,
        description =
                "Rewrites summary.*, charts and index.html of a run folder from its samples.jtl and server-stats.jsonl "
                        + "files, then the index of all runs beside it (results/index.html) where one exists.")
public final class ReportCommand implements Callable<Integer> {

    @Parameters(
            paramLabel = "<run folder>",
            description = "A results/<timestamp> folder holding summary.json, or one "
                    + "holding sweep.json (a sweep or repeats: every case, then its page); or the results folder itself, to "
                    + "rewrite its index.html of all runs.")
    Path runDir;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line main runs, and the option reference (docs/options.md) is checked against. */
    static CommandLine commandLine() {
        return OneLineErrors.on(new CommandLine(new ReportCommand()));
    }

    @Override
    public Integer call() throws Exception {
        if (RunIndex.isResultsFolder(runDir)) {
            System.out.println("All runs: " + RunIndex.write(runDir));
            return 0;
        }
        if (RunFiles.hasSweep(runDir)) {
            return rewriteSweep();
        }
        if (Files.isRegularFile(runDir.resolve(RunFiles.TASKS_FILE))) {
            System.out.println("Tasks: " + TasksReport.read(runDir).recomputed().write(runDir));
            return 0;
        }
        RunReport report = rewriteCase(runDir);
        if (report == null) {
            return 2;
        }
        System.out.println(TerminalTable.render(report));
        System.out.println("Report: " + runDir.resolve(ReportWriter.HTML_FILE));
        RunIndex.refresh(RunFiles.resultsFolder(runDir, report.metadata()))
                .ifPresent(index -> System.out.println("All runs: " + index));
        return 0;
    }

    /** Each case of a sweep or of repeats again, then the page over them (the runner's own grouping, by level). */
    private int rewriteSweep() throws IOException {
        RunFiles.SweepFile sweep = RunFiles.sweep(runDir);
        // The run's own --sweep, parsed as the run parsed it: its property and the folder of each level.
        RunCase.Sweep swept = sweep.metadata().get("sweep") instanceof String spec && spec.contains("=")
                ? RunCase.Sweep.parse(spec)
                : null;
        String plan = String.valueOf(sweep.metadata().getOrDefault("plan", SweepPoint.NO_SWEEP));
        Map<String, List<ServerSummary>> byLevel = new LinkedHashMap<>();
        for (String caseFolder : sweep.cases()) {
            RunReport report = rewriteCase(runDir.resolve(caseFolder));
            if (report == null) {
                System.err.println(
                        "lab: the sweep page is left as it was: case " + caseFolder + " could not be summarised.");
                return 2;
            }
            String level = swept == null
                    ? plan
                    : swept.levelOf(caseFolder.split("/")[0]).orElse(caseFolder);
            byLevel.computeIfAbsent(level, key -> new ArrayList<>()).addAll(report.servers());
            System.out.println(
                    "Case " + caseFolder + ": " + runDir.resolve(caseFolder).resolve(ReportWriter.HTML_FILE));
        }
        SweepReport.write(
                runDir,
                sweep.metadata(),
                SweepPoint.all(swept == null ? SweepPoint.NO_SWEEP : swept.property(), byLevel),
                sweep.cases());
        System.out.println("Report: " + runDir.resolve(ReportWriter.HTML_FILE) + " (also sweep.md, sweep.json)");
        RunIndex.refresh(runDir.toAbsolutePath().normalize().getParent())
                .ifPresent(index -> System.out.println("All runs: " + index));
        return 0;
    }

    /** One run folder's summary again from its raw files; null (and a message saying what to do) when it cannot be. */
    private static RunReport rewriteCase(Path caseDir) throws IOException {
        Path summaryFile = caseDir.resolve(ReportWriter.JSON_FILE);
        if (!Files.isRegularFile(summaryFile)) {
            System.err.println(
                    "lab: " + summaryFile + " not found: give the folder of one run (results/<timestamp>, a sweep "
                            + "or repeats folder, or a case folder of one), or the results folder for its index of all runs.");
            return null;
        }
        RunReport old;
        try {
            old = RunFiles.summary(caseDir);
        } catch (IOException e) {
            System.err.println("lab: " + summaryFile + " cannot be read ("
                    + e.getMessage().lines().findFirst().orElse("")
                    + "): it is cut or not the lab's. Run the case again, or restore the file.");
            return null;
        }
        RunReport report = new RunReport(
                old.metadata(),
                old.plan(),
                old.servers().stream()
                        .map(server -> ServerSummary.from(
                                server.server(), caseDir.resolve(server.server()), old.plan(), server.outcome()))
                        .toList());
        ReportWriter.writeAll(report, caseDir);
        return report;
    }
}
