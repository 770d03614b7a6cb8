package lab.threads.runner.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.report.RunChecks;
import picocli.CommandLine.Option;

/**
 * {@code --check} and {@code --checks} of {@code ./lab run} and {@code ./lab compare}: read before any load, judged
 * once the report is written.
 */
final class CheckOptions {

    @Option(
            names = "--check",
            split = ";",
            paramLabel = "<check>",
            description = "A check on each server's figures: [server:]figure<=bound, e.g. p99<=7000ms, errors<0.1%%, "
                    + "p99<=1.2x sleep, p99<=+10%% (from --baseline), server-virtual:threads<=100; repeatable, or "
                    + "several joined by ;. Exit 3 when one breaches, 4 when one is inconclusive (the client or the "
                    + "machine set its figure) and none breaches. Default: none.")
    List<String> expressions = new ArrayList<>();

    @Option(
            names = "--checks",
            paramLabel = "<file>",
            description = "A file of checks, one a line as --check writes them, # for comments. Default: none.")
    Path file;

    /** Whether a check was given, on the command line, as a property or in the environment. */
    boolean given() {
        return !expressions.isEmpty() || file != null;
    }

    /** @param baseline the run relative checks compare with; null for none */
    RunChecks read(Path baseline) {
        return RunChecks.of(expressions, file, baseline);
    }

    /** The checks judged on a written run: exit 1 when the run failed or cannot be judged, else 0, 3 or 4. */
    static int judgeAfter(RunChecks checks, Path runDir, Path folder, int runExit, PrintStream out) {
        if (checks.none()) {
            return runExit;
        }
        try {
            RunChecks.Judged judged = checks.judge(runDir, folder);
            out.println();
            judged.lines().forEach(out::println);
            return runExit != 0 ? runExit : judged.exitCode();
        } catch (IOException | IllegalArgumentException e) {
            out.println("lab: the checks could not be judged (" + e.getMessage() + "); the run's files are kept in "
                    + runDir);
            return runExit != 0 ? runExit : 1;
        }
    }
}
