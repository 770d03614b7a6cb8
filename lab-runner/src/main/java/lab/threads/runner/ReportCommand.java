package lab.threads.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import lab.threads.report.ReportWriter;
import lab.threads.report.RunFiles;
import lab.threads.report.RunIndex;
import lab.threads.report.RunReport;
import lab.threads.report.ServerSummary;
import lab.threads.report.TerminalTable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ./lab report <run folder>}: summarises a finished run again from its raw files (as {@code jmeter -g} does),
 * keeping its metadata, plan and outcomes, so a report made by an older version can be redone with the current math.
 */
@Command(name = "./lab report", mixinStandardHelpOptions = true,
        description = "Rewrites summary.*, charts and index.html of a run folder from its samples.jtl and server-stats.jsonl "
                + "files, then the index of all runs beside it (results/index.html) where one exists.")
public final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "<run folder>", description = "A results/<timestamp> folder holding summary.json; "
            + "or the results folder itself, to rewrite its index.html of all runs.")
    Path runDir;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ReportCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (RunIndex.isResultsFolder(runDir)) {
            System.out.println("All runs: " + RunIndex.write(runDir));
            return 0;
        }
        Path summaryFile = runDir.resolve(ReportWriter.JSON_FILE);
        if (!Files.isRegularFile(summaryFile)) {
            System.err.println("lab: " + summaryFile + " not found: give the folder of one run (results/<timestamp>, or a "
                    + "case folder of a sweep), or the results folder for its index of all runs.");
            return 2;
        }
        RunReport old;
        try {
            old = RunFiles.summary(runDir);
        } catch (IOException e) {
            System.err.println("lab: " + summaryFile + " cannot be read (" + e.getMessage().lines().findFirst().orElse("")
                    + "): it is cut or not the lab's. Run the case again, or restore the file.");
            return 2;
        }
        RunReport report = new RunReport(old.metadata(), old.plan(), old.servers().stream()
                .map(server -> ServerSummary.from(server.server(), runDir.resolve(server.server()), old.plan(), server.outcome()))
                .toList());
        ReportWriter.writeAll(report, runDir);
        System.out.println(TerminalTable.render(report));
        System.out.println("Report: " + runDir.resolve(ReportWriter.HTML_FILE));
        RunIndex.refresh(RunFiles.resultsFolder(runDir, report.metadata()))
                .ifPresent(index -> System.out.println("All runs: " + index));
        return 0;
    }
}
