package lab.threads.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.JtlReader;
import lab.threads.report.raw.RecordedClient;
import lab.threads.report.summary.RunReport;
import lab.threads.run.AtomicFile;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import lab.threads.run.RunRecord;

/**
 * A case whose runner stopped before it summarised every server it started (SIGKILL, the out-of-memory killer, a
 * closed terminal, a CI timeout): what {@code ./lab report} recovers from the raw files the case folder holds. The
 * runner writes {@value #STARTED_FILE} (its metadata and plan) before the load, and each server's raw files as it
 * goes; a server folder summary.json does not list is summarised from them, its outcome saying what is missing and
 * why, and its row marked partial.
 */
public final class RunRecovery {
    /** What the runner set out to do (metadata and plan), written before the first server starts. */
    public static final String STARTED_FILE = RunFolder.STARTED_FILE;
    /** The last line a server writes after a graceful stop ({@code lab.threads.common.ServerLauncher}). */
    private static final String SERVER_STOPPED = " stopped";
    /**
     * What a JVM the runner started says when it stops because the runner is gone: lab-process's ParentWatch.GONE
     * (a copy of its text; a lab-runner test checks the two agree).
     */
    public static final String PARENT_GONE = "is gone: stopping as on SIGTERM";
    /** The line a client's fork prints when its plan has run to the end. */
    private static final String CLIENT_DONE = "done ";
    /** The files only the runner writes, once a second while the load runs: the last one is its last second. */
    private static final List<String> RUNNER_FILES = List.of(
            RunFolder.STATS_FILE,
            RunFolder.KERNEL_FILE,
            RunFolder.SERVER_PROC_FILE,
            RunFolder.CLIENT_PROC_FILE,
            RunFolder.CLIENT_CONSOLE_FILE,
            RunFolder.OLD_CLIENT_CONSOLE_FILE);

    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private RunRecovery() {}

    /** Written by the runner at a case's start, so a case cut short still has its metadata and plan. */
    public static void writeStarted(Path caseDir, RunRecord metadata, PlanShape plan) throws IOException {
        Files.createDirectories(caseDir);
        AtomicFile.write(
                caseDir.resolve(STARTED_FILE),
                JSON.writerWithDefaultPrettyPrinter().writeValueAsString(new RunReport(metadata, plan, List.of())));
    }

    /** The metadata and plan of {@link #writeStarted}, no servers; empty when the file is missing or unreadable. */
    public static Optional<RunReport> started(Path caseDir) {
        try {
            RunReport started = JSON.readValue(caseDir.resolve(STARTED_FILE).toFile(), RunReport.class);
            return started.plan() == null
                    ? Optional.empty()
                    : Optional.of(new RunReport(
                            Objects.requireNonNullElse(started.metadata(), RunRecord.NONE), started.plan(), List.of()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The folders of servers the runner started in this case but did not summarise: among the servers it recorded,
     * or holding a raw file, and not in {@code summarised}; in the run's order.
     */
    public static List<String> unsummarised(Path caseDir, RunRecord metadata, Set<String> summarised)
            throws IOException {
        Set<String> candidates = new LinkedHashSet<>();
        if (metadata.turns().servers() != null) {
            candidates.addAll(metadata.turns().servers());
        }
        try (Stream<Path> folders = Files.list(caseDir)) {
            folders.filter(Files::isDirectory)
                    .map(folder -> folder.getFileName().toString())
                    .filter(name -> !name.startsWith("."))
                    .sorted()
                    .forEach(candidates::add);
        }
        return candidates.stream()
                .filter(server -> !summarised.contains(server))
                .filter(server -> Stream.of(RunFolder.SAMPLES_FILE, RunFolder.SERVER_LOG_FILE, RunFolder.STATS_FILE)
                        .anyMatch(file ->
                                Files.isRegularFile(caseDir.resolve(server).resolve(file))))
                .toList();
    }

    /** Whether any server folder of the case holds at least one sample. */
    public static boolean anySamples(Path caseDir, List<String> servers) {
        return servers.stream()
                .anyMatch(server -> firstSampleMs(caseDir.resolve(server)).isPresent());
    }

    /**
     * Why a server's turn has no summary, from its files: when the runner stopped (its last once-a-second line, in
     * seconds after the first sample), how far the client got, whether the server stopped or has no stop line.
     */
    public static RunOutcome why(Path serverDir, String server, PlanShape plan) {
        List<String> parts = new ArrayList<>();
        LoadClient recorded = RecordedClient.of(serverDir);
        String client = recorded.label();
        OptionalLong first = firstSampleMs(serverDir);
        OptionalLong runnerLast = lastModifiedMs(serverDir, RUNNER_FILES);
        if (runnerLast.isEmpty()) {
            parts.add("the runner stopped before the load began");
        } else if (first.isEmpty()) {
            parts.add("the runner stopped before " + client + "'s first sample");
        } else {
            parts.add(String.format(
                    Locale.ROOT,
                    "the runner stopped at t = %d s, before it summarised this server",
                    Math.max(0, Math.round((runnerLast.getAsLong() - first.getAsLong()) / 1000.0))));
        }
        String console = read(RunFolder.clientConsole(serverDir));
        String clientLog = read(serverDir.resolve(recorded.logFile()));
        if (console.lines().anyMatch(line -> line.startsWith(CLIENT_DONE))) {
            parts.add(client + " ran its plan to the end");
        } else if (!console.isEmpty() || !clientLog.isEmpty()) {
            parts.add(String.format(
                    Locale.ROOT,
                    "%s at %,d of %,d samples",
                    clientLog.contains(PARENT_GONE)
                            ? client + " stopped with it"
                            : "no end line from " + client + " (it was stopped)",
                    samples(serverDir),
                    plan.idealSamples()));
        }
        Path serverLog = serverDir.resolve(RunFolder.SERVER_LOG_FILE);
        if (Files.isRegularFile(serverLog)) {
            String log = read(serverLog);
            if (log.contains(server + SERVER_STOPPED + System.lineSeparator())
                    || log.endsWith(server + SERVER_STOPPED)) {
                parts.add(
                        log.contains(PARENT_GONE)
                                ? "the server stopped gracefully when the runner was gone"
                                : "the server stopped gracefully");
            } else {
                parts.add(
                        "no stop line from the server (killed, or still running: see " + serverLog.getFileName() + ")");
            }
        }
        return RunOutcome.of(RunOutcome.Kind.INTERRUPTED, "interrupted: " + String.join("; ", parts));
    }

    private static OptionalLong firstSampleMs(Path serverDir) {
        long[] first = {Long.MAX_VALUE};
        JtlReader.read(
                serverDir.resolve(RunFolder.SAMPLES_FILE),
                sample -> first[0] = Math.min(first[0], sample.timeStamp()),
                new ArrayList<>());
        return first[0] == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(first[0]);
    }

    private static long samples(Path serverDir) {
        long[] count = {0};
        JtlReader.read(serverDir.resolve(RunFolder.SAMPLES_FILE), sample -> count[0]++, new ArrayList<>());
        return count[0];
    }

    private static OptionalLong lastModifiedMs(Path dir, List<String> files) {
        return files.stream()
                .map(dir::resolve)
                .filter(Files::isRegularFile)
                .mapToLong(file -> {
                    try {
                        return Files.getLastModifiedTime(file).toMillis();
                    } catch (IOException e) {
                        return Long.MIN_VALUE;
                    }
                })
                .filter(ms -> ms != Long.MIN_VALUE)
                .max();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
