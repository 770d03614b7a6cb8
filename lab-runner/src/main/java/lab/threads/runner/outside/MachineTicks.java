package lab.threads.runner.outside;

import java.util.Optional;
import lab.threads.process.MachineCpu;

/**
 * The machine's CPU since boot, all cores, in USER_HZ ticks, from {@code /proc/stat}'s first {@code cpu} line; its
 * per-CPU lines count the online CPUs.
 *
 * @param busy user + nice + system + irq + softirq + steal (guest time is already inside user and nice)
 * @param idle idle + iowait
 * @param irq irq + softirq
 */
record MachineTicks(long busy, long idle, long irq, long steal, int cores) {

    /** @return empty when the text has no {@code cpu} line of eight numbers */
    static Optional<MachineTicks> parse(String procStat) {
        Optional<MachineCpu.Ticks> total = Optional.empty();
        int cores = 0;
        for (String line : procStat.split("\n")) {
            if (line.startsWith("cpu ")) {
                total = MachineCpu.Ticks.parse(line);
            } else if (line.startsWith("cpu")) {
                cores++;
            } else if (total.isPresent()) {
                break; // the per-CPU lines come right after the total
            }
        }
        int online = Math.max(cores, 1);
        return total.map(ticks -> new MachineTicks(ticks.busy(), ticks.idle(), ticks.irq(), ticks.steal(), online));
    }

    MachineTicks since(MachineTicks earlier) {
        return new MachineTicks(
                busy - earlier.busy, idle - earlier.idle, irq - earlier.irq, steal - earlier.steal, cores);
    }
}
