package lab.threads.runner.outside;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One process as the kernel sees it, from {@code /proc/<pid>/stat} and {@code status}, whatever it is doing.
 *
 * @param state the one-letter state of {@code stat} (R running, S sleeping, T stopped, Z zombie...)
 * @param rssBytes VmRSS; null for a zombie, which has none
 * @param cpusAllowed {@code Cpus_allowed_list}: the CPUs the process may run on, e.g. {@code 0-1}; null when not given
 * @param peakRssBytes VmHWM, the kernel's own peak of the RSS so far; null for a zombie
 */
public record ProcessCounters(
        String state,
        long cpuUserMs,
        long cpuSystemMs,
        long osThreads,
        Long rssBytes,
        String cpusAllowed,
        Long peakRssBytes) {

    /** {@code /proc} counts CPU in USER_HZ ticks: 100 a second on x86 and arm ({@code getconf CLK_TCK}). */
    private static final long MS_PER_TICK = 10;

    /** Several processes as one: CPU, threads, RSS and peak RSS summed, the first one's state and CPUs. */
    static ProcessCounters sum(java.util.List<ProcessCounters> processes) {
        if (processes.size() == 1) {
            return processes.getFirst();
        }
        ProcessCounters first = processes.getFirst();
        return new ProcessCounters(
                first.state(),
                processes.stream().mapToLong(ProcessCounters::cpuUserMs).sum(),
                processes.stream().mapToLong(ProcessCounters::cpuSystemMs).sum(),
                processes.stream().mapToLong(ProcessCounters::osThreads).sum(),
                processes.stream()
                        .mapToLong(p -> p.rssBytes() == null ? 0 : p.rssBytes())
                        .sum(),
                first.cpusAllowed(),
                processes.stream()
                        .mapToLong(p -> p.peakRssBytes() == null ? 0 : p.peakRssBytes())
                        .sum());
    }

    /** A running process's counters now; empty once it has ended (its /proc entry gone) or when unreadable. */
    public static Optional<ProcessCounters> read(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            return parse(Files.readString(proc.resolve("stat")), Files.readString(proc.resolve("status")));
        } catch (IOException ended) {
            return Optional.empty();
        }
    }

    /**
     * @param stat one line; the fields are counted after its last ')', as the command name may hold any
     * @param status {@code Name: value} lines
     */
    static Optional<ProcessCounters> parse(String stat, String status) {
        int nameEnd = stat.lastIndexOf(')');
        if (nameEnd < 0) {
            return Optional.empty();
        }
        // After the name: state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime(14)
        // stime(15) cutime cstime priority nice num_threads(20)
        String[] fields = stat.substring(nameEnd + 1).strip().split("\\s+");
        if (fields.length < 18) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ProcessCounters(
                    fields[0],
                    Long.parseLong(fields[11]) * MS_PER_TICK,
                    Long.parseLong(fields[12]) * MS_PER_TICK,
                    Long.parseLong(fields[17]),
                    kilobytes(status, "VmRSS:"),
                    statusValue(status, "Cpus_allowed_list:"),
                    kilobytes(status, "VmHWM:")));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Long kilobytes(String status, String name) {
        String value = statusValue(status, name);
        return value == null ? null : Long.parseLong(value.split("\\s+")[0]) * 1024; // always in kB
    }

    private static String statusValue(String status, String name) {
        for (String line : status.split("\n")) {
            if (line.startsWith(name)) {
                return line.substring(name.length()).strip();
            }
        }
        return null;
    }
}
