package lab.threads.runner;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.concurrent.Callable;
import lab.threads.common.OneLineErrors;
import lab.threads.report.runs.BadRunFolder;
import lab.threads.report.runs.ComparedRun;
import lab.threads.report.runs.ComparisonReport;
import lab.threads.report.runs.RunComparison;
import lab.threads.report.runs.RunIndex;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./lab compare <run A> <run B>}: two runs side by side, from the summary.json each wrote, so it works on any
 * results folder, {@code ./lab run}'s or {@code docker compose}'s alike.
 */
@Command(
        name = "./lab compare",
        mixinStandardHelpOptions = true,
        usageHelpWidth = 110,
        description = {
            "Compares two runs: what differed in how they ran (code, JVM flags, plan, client, machine) first, "
                    + "then per server each figure of A and B and the change in %%. A folder of repeats counts as one run "
                    + "(medians, and whether the change stays within the repeats' spread). Writes compare.html and prints the table.",
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

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line main runs, and the option reference (docs/options.md) is checked against. */
    static CommandLine commandLine() {
        return OneLineErrors.on(new CommandLine(new CompareCommand()));
    }

    @Override
    public Integer call() throws Exception {
        RunComparison comparison;
        try {
            comparison = RunComparison.of(ComparedRun.read(a), ComparedRun.read(b));
        } catch (BadRunFolder e) {
            System.err.println("lab: " + e.getMessage());
            return 2;
        }
        Path results = comparison.b().results();
        Path page = ComparisonReport.write(
                comparison,
                out != null
                        ? out
                        : results.resolve("compare-" + LocalDateTime.now().format(LabRun.FOLDER)));
        System.out.println(ComparisonReport.terminal(comparison));
        System.out.println("Comparison: " + page);
        if (out == null) { // the index lists the comparisons beside the runs
            RunIndex.refresh(results).ifPresent(index -> System.out.println("All runs: " + index));
        }
        return 0;
    }
}
