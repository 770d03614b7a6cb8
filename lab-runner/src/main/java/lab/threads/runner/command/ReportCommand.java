package lab.threads.runner.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import lab.threads.process.LabCommands;
import lab.threads.report.RunRewrite;
import lab.threads.runner.client.ClientProcessMerge;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ./lab report <run folder>}: summarises a finished run again from its raw files, keeping its metadata, plan and
 * outcomes, so an old report can be redone with the current math and a server its runner did not summarise is
 * recovered; a sweep or repeats folder case by case ({@link RunRewrite}).
 */
@Command(
        name = "./lab report",
        mixinStandardHelpOptions = true,
        description =
                "Rewrites summary.*, charts and index.html of a run folder from its samples.jtl and server-stats.jsonl "
                        + "files, then the index of all runs beside it (results/index.html) where one exists. A run cut short (the "
                        + "runner killed, the disk full) is recovered: the servers it did not summarise are summarised from "
                        + "what they left, marked partial, with what is missing and why. Exit 2: nothing to summarise.")
public final class ReportCommand implements Callable<Integer> {

    @Parameters(
            paramLabel = "<run folder>",
            description =
                    "A results/<timestamp> folder holding summary.json (or only run.json: a run cut short), or one "
                            + "holding sweep.json (a sweep or repeats: every case, then its page); or the results folder itself, to "
                            + "rewrite its index.html of all runs.")
    Path runDir;

    public static void main(String[] args) {
        LabCommands.run(commandLine(), args);
    }

    public static CommandLine commandLine() {
        return LabCommands.of(new ReportCommand());
    }

    @Override
    public Integer call() throws Exception {
        // A load split over client processes whose runner died before merging them: merged first, then read as one.
        if (Files.isDirectory(runDir)) {
            ClientProcessMerge.mergeWhereMissing(runDir);
        }
        return RunRewrite.rewrite(runDir);
    }
}
