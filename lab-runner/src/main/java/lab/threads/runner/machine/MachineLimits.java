package lab.threads.runner.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.common.OsLimits;

/**
 * The limits of this machine a load meets, each null where unknown or unlimited (not Linux, or no such limit).
 *
 * @param openFiles this process's open-files limit; the forks (JMeter, the servers) inherit it
 * @param threads the fewest threads a process can have: the user's process limit or the kernel's pid_max
 * @param localPorts the ephemeral ports one client address has towards one server address (ip_local_port_range)
 * @param load the kernel's load average over the last minute (/proc/loadavg): runnable tasks, others' included
 */
public record MachineLimits(Long openFiles, Long threads, Long localPorts, Long somaxconn, int cores, Double load) {

    public static MachineLimits here() {
        List<String> limits = lines("/proc/self/limits");
        Long processes = limit(limits, "Max processes");
        Long pidMax = lines("/proc/sys/kernel/pid_max").stream()
                .findFirst()
                .map(MachineLimits::number)
                .orElse(null);
        Long threads = processes == null ? pidMax : pidMax == null ? processes : Math.min(processes, pidMax);
        Long ports = lines("/proc/sys/net/ipv4/ip_local_port_range").stream()
                .findFirst()
                .map(range -> range.trim().split("\\s+"))
                .filter(bounds -> bounds.length == 2)
                .map(bounds -> number(bounds[1]) - number(bounds[0]) + 1)
                .orElse(null);
        return new MachineLimits(
                limit(limits, "Max open files"),
                threads,
                ports,
                OsLimits.somaxconn().stream()
                        .mapToObj(Long::valueOf)
                        .findFirst()
                        .orElse(null),
                Runtime.getRuntime().availableProcessors(),
                lines("/proc/loadavg").stream()
                        .findFirst()
                        .map(line -> Double.parseDouble(line.trim().split("\\s+")[0]))
                        .orElse(null));
    }

    /** The soft limit of a line of /proc/self/limits, e.g. "Max open files  20000  20000  files"; null when unlimited. */
    private static Long limit(List<String> limits, String name) {
        return limits.stream()
                .filter(line -> line.startsWith(name))
                .findFirst()
                .map(line -> number(line.substring(name.length()).trim().split("\\s+")[0]))
                .orElse(null);
    }

    private static Long number(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException unlimited) {
            return null;
        }
    }

    /** Linux only: elsewhere the limits are unknown and the forecast says nothing of them. */
    private static List<String> lines(String file) {
        try {
            // Not Files.readString: some kernels return only the first byte of a sysctl file that way.
            return Files.readAllLines(Path.of(file));
        } catch (IOException | RuntimeException notLinux) {
            return List.of();
        }
    }
}
