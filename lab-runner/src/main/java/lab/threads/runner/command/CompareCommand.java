package lab.threads.runner.command;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.concurrent.Callable;
import lab.threads.process.LabCommands;
import lab.threads.report.Reports;
import lab.threads.report.RunChecks;
import lab.threads.runner.LabRun;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./lab compare <run A> <run B>}: two runs side by side, from the summary.json each wrote. */
@Command(
        name = "./lab compare",
        mixinStandardHelpOptions = true,
        usageHelpWidth = 110,
        description = {
            "Compares two runs: what differed in how they ran (code, JVM flags, plan, client, machine) first, "
                    + "then per server each figure of A and B and the change in %%. A folder of repeats counts as one run "
                    + "(medians, and whether the change stays within the repeats' spread). Writes compare.html and prints the table.",
            "With --check: the same checks as ./lab run's, with A as the baseline; exit 3 when one breaches, 4 when one is "
                    + "inconclusive and none breaches.",
            ""
        })
public final class CompareCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "<run A>",
            description = "A run folder (results/<timestamp>), a case folder of a sweep, or a folder of repeats.")
    Path a;

    @Parameters(
            index = "1",
            paramLabel = "<run B>",
            description = "The run to compare with A: changes are from A to B.")
    Path b;

    @Option(
            names = "--out",
            description =
                    "Folder for compare.html. Default: compare-<timestamp> in the folder B's run landed in (results/).")
    Path out;

    @Mixin
    CheckOptions checks;

    public static void main(String[] args) {
        LabCommands.run(commandLine(), args);
    }

    public static CommandLine commandLine() {
        return LabCommands.of(new CompareCommand());
    }

    @Override
    public Integer call() throws Exception {
        Reports.Comparison comparison;
        RunChecks runChecks;
        try {
            runChecks = checks.given() ? checks.read(a) : RunChecks.NONE;
            comparison = Reports.compare(a, b, out, LocalDateTime.now().format(LabRun.FOLDER));
        } catch (IllegalArgumentException notARun) {
            System.err.println("lab: " + notARun.getMessage());
            return 2;
        }
        System.out.println(comparison.table());
        System.out.println("Comparison: " + comparison.page());
        if (out == null) { // the index lists the comparisons beside the runs
            Reports.refreshIndex(comparison.results()).ifPresent(index -> System.out.println("All runs: " + index));
        }
        return CheckOptions.judgeAfter(runChecks, b, comparison.page().getParent(), 0, System.out);
    }
}
