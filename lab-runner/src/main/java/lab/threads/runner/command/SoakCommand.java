package lab.threads.runner.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import lab.threads.model.plan.PlanKey;
import lab.threads.process.LabCommands;
import lab.threads.report.Reports;
import lab.threads.report.RunChecks;
import lab.threads.run.RunFolder;
import lab.threads.runner.LabRun;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@code ./lab soak}: the open plan at a rate every unbounded server sustains, for minutes; then whether each one's
 * RSS, heap after GC, open files and threads stayed flat, with no error: a leak a short run hides shows as a slope.
 */
@Command(
        name = "./lab soak",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 110,
        description = {
            "Runs the open plan for --minutes on each server, then checks that its resources stayed flat.",
            "Any other option is ./lab run's (e.g. --target, --cpus, --out).",
            ""
        })
public final class SoakCommand implements Callable<Integer> {
    /** Every option not soak's own, passed to ./lab run as given. */
    @Unmatched
    List<String> runOptions = new ArrayList<>();

    @Option(
            names = "--servers",
            defaultValue = "all",
            description = "Servers to soak, as for ./lab run. Default: ${DEFAULT-VALUE}.")
    String servers;

    @Option(names = "--rate", defaultValue = "300", description = "Arrivals per second. Default: ${DEFAULT-VALUE}.")
    int rate;

    @Option(
            names = "--sleep-ms",
            defaultValue = "1000",
            description = "The ?ms of each request. Default: ${DEFAULT-VALUE}.")
    int sleepMs;

    @Option(names = "--minutes", defaultValue = "10", description = "Minutes at that rate. Default: ${DEFAULT-VALUE}.")
    int minutes;

    @Option(
            names = "--warmup-minutes",
            defaultValue = "2",
            description =
                    "Minutes at the start left out of the trends (JIT, pools and heap settling). Default: ${DEFAULT-VALUE}.")
    int warmupMinutes;

    @Option(
            names = "--judge",
            paramLabel = "<run folder>",
            description = "Judge a soak run already made (its results/<timestamp> folder) instead of running one.")
    Path judge;

    public static void main(String[] args) {
        LabCommands.run(commandLine(), args);
    }

    public static CommandLine commandLine() {
        return LabCommands.withTwins(new SoakCommand());
    }

    @Override
    public Integer call() throws Exception {
        if (minutes < 1 || warmupMinutes < 0 || warmupMinutes >= minutes) {
            throw new IllegalArgumentException("--minutes must be at least 1 and more than --warmup-minutes ("
                    + warmupMinutes + "), got " + minutes + ".");
        }
        if (judge != null) {
            return check(judge);
        }
        List<String> run = new ArrayList<>(List.of(
                "--plan=open",
                "--servers=" + servers,
                PlanKey.RATE.flag() + "=" + rate,
                PlanKey.SLEEP_MS.flag() + "=" + sleepMs,
                PlanKey.DURATION.flag() + "=" + minutes * 60));
        run.addAll(runOptions);
        CommandLine lab = LabCommand.commandLine();
        lab.parseArgs(run.toArray(String[]::new));
        LabCommand command = lab.getCommand();
        LabRun labRun = command.prepared(RunChecks.NONE);
        int ran = labRun.execute(LabCommand.commandLineGiven(command.spec));
        return Math.max(ran, check(labRun.runDir()));
    }

    /** @return 0 when every server stayed flat without an error, 1 otherwise */
    private int check(Path runDir) throws java.io.IOException {
        if (!java.nio.file.Files.isRegularFile(runDir.resolve(RunFolder.SUMMARY_JSON_FILE))) {
            throw new IllegalArgumentException(runDir.resolve(RunFolder.SUMMARY_JSON_FILE)
                    + " not found: give the folder of one soak run " + "(results/<timestamp>).");
        }
        Reports.Soak soak = Reports.soak(runDir, warmupMinutes);
        System.out.println();
        soak.lines().forEach(System.out::println);
        System.out.println("Soak: " + soak.file());
        return soak.passed() ? 0 : 1;
    }
}
