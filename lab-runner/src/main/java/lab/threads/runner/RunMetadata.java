package lab.threads.runner;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import lab.threads.common.OsLimits;
import lab.threads.common.Variant;
import lab.threads.run.RunRecord;
import lab.threads.runner.client.ClientSplit;
import lab.threads.runner.outside.CommandOutput;

/** What a reader needs to trust or reproduce a run, as run.json holds it ({@link RunRecord}). */
public final class RunMetadata {
    private RunMetadata() {}

    static RunRecord collect(RunOptions options, Path labHome, List<String> commandLine, RunRecord.Backends backends) {
        return new RunRecord(
                machine(labHome, commandLine),
                new RunRecord.Limits(
                        options.cpus().describe(Runtime.getRuntime().availableProcessors()),
                        OsLimits.openFiles().stream().boxed().findAny().orElse(null),
                        OsLimits.somaxconn().stream().boxed().findAny().orElse(null)),
                load(options),
                new RunRecord.Turns(
                        options.servers().stream().map(Variant::id).toList(),
                        options.guests().present() ? options.guests().describe() : null,
                        options.sweep() == null
                                ? null
                                : options.sweep().property() + "="
                                        + String.join(",", options.sweep().values()),
                        options.repeats(),
                        options.warmupUsers()),
                new RunRecord.Jvms(
                        String.join(" ", options.serverJvmFlags()),
                        String.join(" ", options.clientJvmFlags()),
                        options.serverJdk(),
                        options.serverSettings().label()
                                + (options.targets().isEmpty()
                                        ? ""
                                        : " for the servers the lab starts; --target servers: their own (see their"
                                                + " settings)"),
                        String.join(" ", options.serverFlags()),
                        options.profile().describe()),
                backends,
                null);
    }

    /** The plan, and the client that sent it: its id, its words, its workers and processes. */
    private static RunRecord.Load load(RunOptions options) {
        return new RunRecord.Load(
                options.plan().name(),
                options.plan().location(),
                options.plan().properties(),
                options.client().program().id(),
                options.client().describe(),
                options.workers().isEmpty()
                        ? "none (" + options.client().runsInItsFork() + ")"
                        : String.join(",", options.workers()),
                options.workerAccess().describe(),
                options.clientProcesses() == 0 ? ClientSplit.AUTO : Integer.toString(options.clientProcesses()));
    }

    /** When, which command, which code, on which JDK and machine: what every kind of run records first. */
    public static RunRecord.Machine machine(Path labHome, List<String> commandLine) {
        return new RunRecord.Machine(
                OffsetDateTime.now(ZoneOffset.UTC).withNano(0).toString(),
                String.join(" ", commandLine),
                gitRevision(labHome),
                Runtime.version().toString() + " (" + System.getProperty("java.vendor") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                        ? Math.round(os.getTotalMemorySize() / (1024.0 * 1024 * 1024) * 10) / 10.0
                        : null);
    }

    /** The code that ran: the commit, marked "-dirty" when the work tree had changes. */
    private static String gitRevision(Path labHome) {
        String revision = git(labHome, "rev-parse", "--short=12", "HEAD");
        if (revision.isEmpty()) {
            return System.getenv().getOrDefault("LAB_GIT_REVISION", "unknown");
        }
        return git(labHome, "status", "--porcelain", "--untracked-files=no").isEmpty() ? revision : revision + "-dirty";
    }

    private static String git(Path directory, String... args) {
        String[] command = Stream.concat(Stream.of("git", "-C", directory.toString()), Stream.of(args))
                .toArray(String[]::new);
        return CommandOutput.of(Duration.ofSeconds(10), true, command)
                .map(String::trim)
                .orElse("");
    }
}
