package lab.threads.runner.outside;

import java.util.Optional;

/**
 * One process's {@code /proc/<pid>/stat} line, its CPU in USER_HZ ticks summed over all its threads, ended ones
 * included.
 *
 * @param ownTicks utime + stime: the process itself
 * @param reapedTicks cutime + cstime: the children it has waited for, each with what they had reaped themselves
 * @param startTicks when it started, in ticks since boot: with the pid, it tells a process from a later one with that
 *     pid
 */
record TaskStat(long pid, String name, long ppid, long flags, long ownTicks, long reapedTicks, long startTicks) {

    /** The kernel's {@code PF_KTHREAD} in the {@code flags} field. */
    private static final long PF_KTHREAD = 0x00200000L;
    /** {@code kthreadd}, the parent of every kernel thread. */
    private static final long KTHREADD = 2;

    /** A process of this pid and start, told apart from any other that had the same pid. */
    record Key(long pid, long startTicks) {}

    Key key() {
        return new Key(pid, startTicks);
    }

    /** Its CPU and its reaped children's: what its parent's cutime + cstime gains once it is reaped. */
    long totalTicks() {
        return ownTicks + reapedTicks;
    }

    boolean isKernelThread() {
        return (flags & PF_KTHREAD) != 0 || pid == KTHREADD || ppid == KTHREADD;
    }

    /**
     * @param stat one line, e.g. {@code 42 (java) S 1 42 ...}; the fields are counted after its last ')'
     * @return empty for a line of another shape
     */
    static Optional<TaskStat> parse(String stat) {
        int nameStart = stat.indexOf('(');
        int nameEnd = stat.lastIndexOf(')');
        if (nameStart < 0 || nameEnd < nameStart) {
            return Optional.empty();
        }
        // After the name, from field 3: state ppid pgrp session tty_nr tpgid flags(9) minflt cminflt majflt cmajflt
        // utime(14) stime cutime cstime(17) priority nice num_threads itrealvalue starttime(22)
        String[] fields = stat.substring(nameEnd + 1).strip().split(" ");
        if (fields.length < 20) {
            return Optional.empty();
        }
        try {
            return Optional.of(new TaskStat(
                    Long.parseLong(stat.substring(0, nameStart).strip()),
                    stat.substring(nameStart + 1, nameEnd),
                    Long.parseLong(fields[1]),
                    Long.parseLong(fields[6]),
                    Long.parseLong(fields[11]) + Long.parseLong(fields[12]),
                    Long.parseLong(fields[13]) + Long.parseLong(fields[14]),
                    Long.parseLong(fields[19])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
