package lab.threads.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import lab.threads.report.page.TerminalTable;
import lab.threads.report.runs.RunFiles;
import lab.threads.report.runs.RunIndex;
import lab.threads.report.runs.SweepPoint;
import lab.threads.report.runs.SweepReport;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.tasks.TasksReport;
import lab.threads.run.RunFolder;
import lab.threads.run.Sweep;

/**
 * {@code ./lab report <folder>}: a finished run summarised again from its raw files, keeping its metadata, plan and
 * outcomes, so an older report is redone with the current math; servers the runner did not summarise are recovered
 * ({@link RunRecovery}). A sweep or repeats is done case by case, a results folder gets its index. What it did goes to
 * stdout, why it could not to stderr.
 */
public final class RunRewrite {

    private RunRewrite() {}

    /** @return 0 when rewritten, 2 when there was nothing to summarise (stderr says why and what to do) */
    public static int rewrite(Path runDir) throws IOException {
        if (RunIndex.isResultsFolder(runDir)) {
            System.out.println("All runs: " + RunIndex.write(runDir));
            return 0;
        }
        if (RunFiles.hasSweep(runDir)) {
            return rewriteSweep(runDir);
        }
        if (Files.isRegularFile(runDir.resolve(RunFolder.TASKS_FILE))) {
            System.out.println("Tasks: " + TasksReport.read(runDir).recomputed().write(runDir));
            return 0;
        }
        RunReport report = rewriteCase(runDir);
        if (report == null) {
            return 2;
        }
        System.out.print(TerminalTable.render(report));
        System.out.println("Report: " + runDir.resolve(RunFolder.HTML_FILE));
        // A run cut short may never have been in the index: its entry is written even when the index is not there yet.
        Path results = RunFiles.resultsFolder(runDir, report.metadata());
        (RunIndex.isResultsFolder(results) ? Optional.of(RunIndex.write(results)) : RunIndex.refresh(results))
                .ifPresent(index -> System.out.println("All runs: " + index));
        return 0;
    }

    /** Each case of a sweep or of repeats again, then the page over them (the runner's own grouping, by level). */
    private static int rewriteSweep(Path runDir) throws IOException {
        RunFiles.SweepFile sweep = RunFiles.sweep(runDir);
        // The run's own --sweep, parsed as the run parsed it: its property and the folder of each level.
        String spec = sweep.metadata().turns().sweep();
        Sweep swept = spec != null && spec.contains("=") ? Sweep.parse(spec) : null;
        String plan = Objects.requireNonNullElse(sweep.metadata().load().plan(), SweepPoint.NO_SWEEP);
        Map<String, List<ServerSummary>> byFolder = new LinkedHashMap<>();
        for (String caseFolder : sweep.cases()) {
            RunReport report = rewriteCase(runDir.resolve(caseFolder));
            if (report == null) {
                System.err.println(
                        "lab: the sweep page is left as it was: case " + caseFolder + " could not be summarised.");
                return 2;
            }
            byFolder.put(caseFolder, report.servers());
            System.out.println(
                    "Case " + caseFolder + ": " + runDir.resolve(caseFolder).resolve(RunFolder.HTML_FILE));
        }
        SweepReport.write(runDir, sweep.metadata(), CaseReport.points(swept, plan, byFolder), sweep.cases());
        System.out.println("Report: " + runDir.resolve(RunFolder.HTML_FILE) + " (also sweep.md, sweep.json)");
        RunIndex.refresh(runDir.toAbsolutePath().normalize().getParent())
                .ifPresent(index -> System.out.println("All runs: " + index));
        return 0;
    }

    /**
     * One run folder's summary again from its raw files, the servers the runner did not summarise recovered and marked
     * partial; null, with a message saying what to do, when it cannot be.
     */
    private static RunReport rewriteCase(Path caseDir) throws IOException {
        Path summaryFile = caseDir.resolve(RunFolder.SUMMARY_JSON_FILE);
        boolean summarised = Files.isRegularFile(summaryFile);
        RunReport old;
        if (summarised) {
            try {
                old = RunFiles.summary(caseDir);
            } catch (IOException e) {
                System.err.println("lab: " + summaryFile + " cannot be read ("
                        + e.getMessage().lines().findFirst().orElse("")
                        + "): it is cut or not the lab's. Run the case again, or restore the file.");
                return null;
            }
        } else if (RunRecovery.started(caseDir).isPresent()) {
            old = RunRecovery.started(caseDir).get();
        } else {
            System.err.println("lab: neither " + summaryFile + " nor " + RunRecovery.STARTED_FILE
                    + " found: give the folder of one run (results/<timestamp>, a sweep or repeats folder, or a case "
                    + "folder of one), or the results folder for its index of all runs.");
            return null;
        }
        List<ServerSummary> servers = new ArrayList<>(old.servers().stream()
                .map(server -> ServerSummary.from(
                        server.server(), caseDir.resolve(server.server()), old.plan(), server.outcome()))
                .toList());
        List<String> cutShort = RunRecovery.unsummarised(
                caseDir,
                old.metadata(),
                servers.stream().map(ServerSummary::server).collect(Collectors.toSet()));
        if (!summarised && !RunRecovery.anySamples(caseDir, cutShort)) {
            String why = cutShort.isEmpty()
                    ? "no server folder"
                    : RunRecovery.why(caseDir.resolve(cutShort.getFirst()), cutShort.getFirst(), old.plan())
                            .words();
            System.err.println("lab: " + caseDir + " holds no samples (" + why + "): nothing to summarise. Run it "
                    + "again: "
                    + Objects.requireNonNullElse(old.metadata().machine().command(), "./lab run"));
            return null;
        }
        for (String server : cutShort) {
            Path serverDir = caseDir.resolve(server);
            servers.add(
                    ServerSummary.from(server, serverDir, old.plan(), RunRecovery.why(serverDir, server, old.plan())));
            System.out.println("Recovered " + server + " from its raw files: the runner did not summarise it.");
        }
        RunReport report = new RunReport(old.metadata(), old.plan(), List.copyOf(servers));
        ReportWriter.writeAll(report, caseDir);
        return report;
    }
}
