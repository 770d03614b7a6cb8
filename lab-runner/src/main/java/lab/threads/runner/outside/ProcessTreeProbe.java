package lab.threads.runner.outside;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One line of {@code server-proc.jsonl} for a guest: its process and every one below it, summed, with what its own
 * {@code /stats} would say: descriptors against its limit and context switches ({@link ThreadSwitches}), under {@code
 * /stats}' field names.
 */
final class ProcessTreeProbe {
    private final long rootPid;
    private final ThreadSwitches switches = new ThreadSwitches();

    ProcessTreeProbe(long rootPid) {
        this.rootPid = rootPid;
    }

    Optional<Map<String, Object>> sample() throws IOException {
        Optional<ProcessHandle> root = ProcessHandle.of(rootPid).filter(ProcessHandle::isAlive);
        Optional<ProcessCounters> rootCounters = ProcessCounters.read(rootPid);
        if (root.isEmpty() || rootCounters.isEmpty()) {
            return Optional.empty();
        }
        List<Long> pids = Stream.concat(Stream.of(root.get()), root.get().descendants())
                .map(ProcessHandle::pid)
                .toList();
        long cpuUserMs = 0;
        long cpuSystemMs = 0;
        long threads = 0;
        long rss = 0;
        long openFiles = 0;
        List<Long> read = new ArrayList<>();
        for (long pid : pids) {
            Optional<ProcessCounters> counters = ProcessCounters.read(pid);
            if (counters.isEmpty()) {
                continue; // ended since it was listed
            }
            read.add(pid);
            cpuUserMs += counters.get().cpuUserMs();
            cpuSystemMs += counters.get().cpuSystemMs();
            threads += counters.get().osThreads();
            rss += counters.get().rssBytes() == null ? 0 : counters.get().rssBytes();
            openFiles += descriptors(pid);
            switches.read(pid);
        }
        ProcessCounters own = rootCounters.get();
        Map<String, Object> line = ProcessProbe.line(
                rootPid,
                new ProcessCounters(
                        own.state(), cpuUserMs, cpuSystemMs, threads, rss, own.cpusAllowed(), own.peakRssBytes()));
        line.put("processes", read.size());
        line.put("openFiles", openFiles);
        openFilesLimit(rootPid).ifPresent(limit -> line.put("maxOpenFiles", limit));
        line.put("voluntaryContextSwitches", switches.voluntary());
        line.put("involuntaryContextSwitches", switches.involuntary());
        return Optional.of(line);
    }

    /** Its open descriptors: the entries of {@code /proc/<pid>/fd}; 0 when it ended or cannot be read. */
    private static long descriptors(long pid) {
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.count();
        } catch (IOException | java.io.UncheckedIOException unreadable) {
            return 0;
        }
    }

    /** The soft limit of open files of {@code /proc/<pid>/limits}; empty when unlimited or unreadable. */
    static Optional<Long> openFilesLimit(long pid) {
        try {
            return openFilesLimit(Files.readString(Path.of("/proc", Long.toString(pid), "limits")));
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }

    /** From the text of a {@code limits} file: {@code Max open files  20000  20000  files}. */
    static Optional<Long> openFilesLimit(String limits) {
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max open files")) {
                String soft = line.substring("Max open files".length()).strip().split("\\s+")[0];
                return soft.matches("\\d+") ? Optional.of(Long.parseLong(soft)) : Optional.empty();
            }
        }
        return Optional.empty();
    }
}
