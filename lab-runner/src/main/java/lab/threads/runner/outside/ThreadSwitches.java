package lab.threads.runner.outside;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A process's context switches, read from outside: the kernel counts them per thread only ({@code
 * /proc/<pid>/task/<tid>/status}), so each thread's last count is kept and summed, ended threads included. A lower
 * bound: switches after a thread's last reading are missed; a reused thread id shows as its count going down.
 */
final class ThreadSwitches {
    private final Map<Long, long[]> lastByThread = new HashMap<>();
    private long voluntaryOfEnded;
    private long involuntaryOfEnded;

    /** Reads every thread of {@code pid} now; a thread that ends while being read is skipped. */
    void read(long pid) throws IOException {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                String status;
                try {
                    status = Files.readString(task.resolve("status"));
                } catch (IOException ended) {
                    continue;
                }
                see(Long.parseLong(task.getFileName().toString()), status);
            }
        }
    }

    /** One thread's {@code status} text. */
    void see(long tid, String status) {
        long voluntary = count(status, "voluntary_ctxt_switches:");
        long involuntary = count(status, "nonvoluntary_ctxt_switches:");
        long[] last = lastByThread.get(tid);
        if (last != null && (voluntary < last[0] || involuntary < last[1])) {
            // Another thread with the same id: the one before has ended at its last count.
            voluntaryOfEnded += last[0];
            involuntaryOfEnded += last[1];
        }
        lastByThread.put(tid, new long[] {voluntary, involuntary});
    }

    long voluntary() {
        return voluntaryOfEnded
                + lastByThread.values().stream().mapToLong(counts -> counts[0]).sum();
    }

    long involuntary() {
        return involuntaryOfEnded
                + lastByThread.values().stream().mapToLong(counts -> counts[1]).sum();
    }

    private static long count(String status, String name) {
        int at = status.indexOf("\n" + name);
        if (at < 0) {
            return 0;
        }
        int from = at + 1 + name.length();
        int end = status.indexOf('\n', from);
        return Long.parseLong(
                status.substring(from, end < 0 ? status.length() : end).strip());
    }
}
