package lab.threads.runner.command;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --out} of the commands that write a run into the results folder, whose index.html lists them all. */
final class ResultsFolder {
    @Option(
            names = "--out",
            defaultValue = "results",
            description =
                    "The results folder: the run goes into a folder of its own in it (<timestamp>/ for a run,"
                            + " <timestamp>-tasks/, <timestamp>-pinning/), listed in its index.html. Default: ${DEFAULT-VALUE}.")
    Path out;

    /** The folder of a command's run: {@code <out>/<timestamp>-<kind>/}, made now. */
    CommandFolder create(String kind) throws java.io.IOException {
        return CommandFolder.create(out, kind);
    }
}
