package lab.threads.runner;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import lab.threads.common.OsLimits;
import lab.threads.model.client.LoadClient;

/** What a reader needs to trust or reproduce a run: when, where, on what, with which knobs and code. */
final class RunMetadata {
    private RunMetadata() {}

    static Map<String, Object> collect(RunOptions options, Path labHome, List<String> commandLine) {
        Map<String, Object> metadata = machine(labHome, commandLine);
        metadata.put("cpus", options.cpus().describe(Runtime.getRuntime().availableProcessors()));
        OsLimits.openFiles().ifPresent(limit -> metadata.put("openFilesLimit", limit));
        OsLimits.somaxconn().ifPresent(limit -> metadata.put("somaxconn", limit));
        metadata.put("plan", options.plan().name());
        metadata.put("planFile", options.plan().location());
        metadata.put("planProperties", options.plan().properties());
        metadata.put(LoadClient.METADATA_KEY, options.client().program().id());
        metadata.put(LoadClient.OLD_METADATA_KEY, options.client().describe());
        metadata.put(
                "workers",
                options.workers().isEmpty()
                        ? "none (" + options.client().runsInItsFork() + ")"
                        : String.join(",", options.workers()));
        metadata.put("workerAccess", options.workerAccess().describe());
        metadata.put(
                "clientProcesses",
                options.clientProcesses() == 0 ? ClientSplit.AUTO : Integer.toString(options.clientProcesses()));
        metadata.put("servers", options.servers().stream().map(v -> v.id()).toList());
        if (options.guests().present()) {
            metadata.put("guests", options.guests().describe());
        }
        if (options.sweep() != null) {
            metadata.put(
                    "sweep",
                    options.sweep().property() + "="
                            + String.join(",", options.sweep().values()));
        }
        metadata.put("repeats", options.repeats());
        metadata.put("warmupUsers", options.warmupUsers());
        metadata.put("serverJvmFlags", String.join(" ", options.serverJvmFlags()));
        metadata.put("clientJvmFlags", String.join(" ", options.clientJvmFlags()));
        metadata.put("serverJdk", options.serverJdk());
        metadata.put(
                "serverSettings",
                options.targets().isEmpty()
                        ? options.serverSettings().label()
                        : options.serverSettings().label()
                                + " for the servers the lab starts; --target servers: their own (see their settings)");
        metadata.put("serverFlags", String.join(" ", options.serverFlags()));
        metadata.put("profile", options.profile().describe());
        return metadata;
    }

    /** When, which command, which code, on which JDK and machine: what every kind of run records first. */
    static Map<String, Object> machine(Path labHome, List<String> commandLine) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("date", OffsetDateTime.now(ZoneOffset.UTC).withNano(0).toString());
        metadata.put("command", String.join(" ", commandLine));
        metadata.put("gitRevision", gitRevision(labHome));
        metadata.put("jdk", Runtime.version().toString() + " (" + System.getProperty("java.vendor") + ")");
        metadata.put(
                "os",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
        metadata.put("cores", Runtime.getRuntime().availableProcessors());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            metadata.put("memoryGiB", Math.round(os.getTotalMemorySize() / (1024.0 * 1024 * 1024) * 10) / 10.0);
        }
        return metadata;
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
        try {
            List<String> command = new java.util.ArrayList<>(List.of("git", "-C", directory.toString()));
            command.addAll(List.of(args));
            Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? output : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
