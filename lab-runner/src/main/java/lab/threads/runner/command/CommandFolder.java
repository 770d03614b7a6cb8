package lab.threads.runner.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.function.UnaryOperator;
import lab.threads.report.Reports;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;
import lab.threads.runner.LabRun;
import lab.threads.runner.RunMetadata;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The folder of a measurement that is not a {@code ./lab run}: {@code <out>/<timestamp>-<kind>/}, made before the first
 * fork, listed in the run index once done.
 */
record CommandFolder(Path out, Path dir) {

    static CommandFolder create(Path out, String kind) throws IOException {
        Path dir = out.resolve(LabRun.FOLDER.format(LocalDateTime.now()) + "-" + kind);
        Files.createDirectories(dir);
        return new CommandFolder(out, dir);
    }

    /** When, which command as typed, which code, on which JDK and machine: what every measurement records first. */
    static RunRecord.Machine machine(CommandSpec spec, Path home) {
        return RunMetadata.machine(home, LabCommand.commandLineGiven(spec));
    }

    /** /proc/loadavg's three averages at the start: how busy the machine was before this run added to it. */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2] + " (1, 5, 15 min, at the start)";
        } catch (IOException | RuntimeException unknown) {
            return "unknown";
        }
    }

    /** Lists the run in the index, then prints the markdown's {@code excerpt} and where its page is. */
    void finish(String label, String markdownFile, UnaryOperator<String> excerpt) throws IOException {
        Reports.writeIndex(out);
        System.out.println();
        System.out.print(excerpt.apply(Files.readString(dir.resolve(markdownFile))));
        System.out.println(label + ": " + dir.resolve(RunFolder.HTML_FILE));
    }
}
