package lab.threads.process;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What the process costs the machine: OS threads, memory, CPU, context switches and open descriptors (each
 * connection holds one: {@code Too many open files} is this count reaching its limit). Linux figures come from
 * {@code /proc/self} and {@code getrusage}; where they do not exist they are left out rather than guessed.
 */
public final class ProcessMetrics {
    private ProcessMetrics() {}

    public static Map<String, Object> snapshot() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        metrics.put("platformThreads", threads.getThreadCount());
        metrics.put("peakPlatformThreads", threads.getPeakThreadCount());
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        metrics.put("heapUsedBytes", heap.getUsed());
        // What the heap holds of the resident set at most: RSS less it is the memory outside the heap.
        metrics.put("heapCommittedBytes", heap.getCommitted());
        if (HeapAfterGc.latest() >= 0) {
            metrics.put("heapAfterGcBytes", HeapAfterGc.latest());
        }
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            metrics.put("processCpuMs", os.getProcessCpuTime() / 1_000_000);
        }
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            long max = unix.getMaxFileDescriptorCount();
            metrics.put("openFiles", OpenDescriptors.count(unix, max));
            metrics.put("maxOpenFiles", max);
        }
        readStatus(metrics);
        ResourceUsage.read().ifPresent(usage -> {
            metrics.put("cpuUserMs", usage.userMs());
            metrics.put("cpuSystemMs", usage.systemMs());
            metrics.put("voluntaryContextSwitches", usage.voluntarySwitches());
            metrics.put("involuntaryContextSwitches", usage.involuntarySwitches());
        });
        return metrics;
    }

    /** The resident set (VmRSS of /proc/self/status); empty where there is no such file. */
    public static OptionalLong residentBytes() {
        Map<String, Object> status = new LinkedHashMap<>();
        readStatus(status);
        return status.get("rssBytes") instanceof Long rss ? OptionalLong.of(rss) : OptionalLong.empty();
    }

    /** /proc/self/status: OS threads (all of them, not only Java's), RSS and its peak. */
    private static void readStatus(Map<String, Object> metrics) {
        Map<String, String> wanted = Map.of(
                "Threads", "osThreads",
                "VmRSS", "rssBytes",
                "VmHWM", "peakRssBytes");
        for (String line : lines("/proc/self/status")) {
            int colon = line.indexOf(':');
            String key = colon > 0 ? wanted.get(line.substring(0, colon)) : null;
            if (key != null) {
                String[] value = line.substring(colon + 1).trim().split("\\s+");
                long number = Long.parseLong(value[0]);
                metrics.put(key, value.length > 1 && value[1].equals("kB") ? number * 1024 : number);
            }
        }
    }

    private static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file));
        } catch (IOException e) {
            return List.of();
        }
    }
}
