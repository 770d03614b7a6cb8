package lab.threads.runner.outside;

import java.util.Optional;

/**
 * The machine's CPU since boot, all cores, in USER_HZ ticks, from {@code /proc/stat}: its first {@code cpu} line and
 * the count of its per-CPU lines, the online CPUs (whatever CPUs the reader itself may run on).
 *
 * @param busy  user + nice + system + irq + softirq + steal (guest time is already inside user and nice)
 * @param idle  idle + iowait
 * @param irq   irq + softirq
 * @param steal what the hypervisor gave its other guests
 */
record MachineTicks(long busy, long idle, long irq, long steal, int cores) {

    /** user nice system idle iowait irq softirq steal: kernels from 2.6.11 on have them all. */
    private static final int FIELDS = 8;

    /** @return empty when the text has no {@code cpu} line of eight numbers */
    static Optional<MachineTicks> parse(String procStat) {
        long[] ticks = null;
        int cores = 0;
        for (String line : procStat.split("\n")) {
            if (line.startsWith("cpu ")) {
                ticks = numbers(line.substring(4).strip().split("\\s+"));
            } else if (line.startsWith("cpu")) {
                cores++;
            } else if (ticks != null) {
                break; // the per-CPU lines come right after the total
            }
        }
        if (ticks == null) {
            return Optional.empty();
        }
        long irq = ticks[5] + ticks[6];
        long steal = ticks[7];
        return Optional.of(new MachineTicks(
                ticks[0] + ticks[1] + ticks[2] + irq + steal, ticks[3] + ticks[4], irq, steal, Math.max(cores, 1)));
    }

    MachineTicks since(MachineTicks earlier) {
        return new MachineTicks(
                busy - earlier.busy, idle - earlier.idle, irq - earlier.irq, steal - earlier.steal, cores);
    }

    private static long[] numbers(String[] words) {
        if (words.length < FIELDS) {
            return null;
        }
        long[] ticks = new long[FIELDS];
        try {
            for (int i = 0; i < FIELDS; i++) {
                ticks[i] = Long.parseLong(words[i]);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return ticks;
    }
}
