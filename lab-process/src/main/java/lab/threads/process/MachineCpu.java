package lab.threads.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The whole machine's CPU time since boot, all cores, from the {@code cpu} line of {@code /proc/stat}: what the
 * server under test and everything else on the machine took too, so a report can tell a busy machine from a
 * stalled client.
 *
 * @param busyMs  user + nice + system + irq + softirq + steal (guest time is already inside user and nice)
 * @param totalMs busy + idle + iowait
 */
public record MachineCpu(long busyMs, long totalMs) {

    private static final Path PROC_STAT = Path.of("/proc/stat");
    /** {@code /proc/stat} counts in USER_HZ ticks: 100 a second on x86 and arm ({@code getconf CLK_TCK}). */
    private static final long MS_PER_TICK = 10;
    /** user nice system idle iowait irq softirq steal: kernels from 2.6.11 on have them all. */
    private static final int FIELDS = 8;

    /** The machine's CPU time now; empty where {@code /proc/stat} does not exist or reads otherwise. */
    public static Optional<MachineCpu> read() {
        if (!Files.isReadable(PROC_STAT)) {
            return Optional.empty();
        }
        // The first line only: the rest (one line per core, then every interrupt's count) can be long.
        try (BufferedReader in = Files.newBufferedReader(PROC_STAT)) {
            return parse(in.readLine());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The times of {@code /proc/stat}'s first line, e.g. {@code cpu  80072 64 12466 1639326 595 0 791 512 0 0};
     * empty for any other line.
     */
    static Optional<MachineCpu> parse(String cpuLine) {
        return Ticks.parse(cpuLine)
                .map(ticks -> new MachineCpu(ticks.busy() * MS_PER_TICK, (ticks.busy() + ticks.idle()) * MS_PER_TICK));
    }

    /**
     * The eight times of {@code /proc/stat}'s {@code cpu} line, in USER_HZ ticks: the one reading of that line for
     * every figure of the machine's CPU, so busy time means the same wherever it is counted.
     */
    public record Ticks(
            long user, long nice, long system, long idleOnly, long iowait, long irqOnly, long softirq, long steal) {

        /**
         * @param cpuLine the total line, e.g. {@code cpu  80072 64 12466 1639326 595 0 791 512 0 0}
         * @return empty for a per-CPU line ({@code cpu0 ...}) or any other
         */
        public static Optional<Ticks> parse(String cpuLine) {
            if (cpuLine == null || !cpuLine.startsWith("cpu ")) {
                return Optional.empty();
            }
            String[] words = cpuLine.substring(4).strip().split("\\s+");
            if (words.length < FIELDS) {
                return Optional.empty();
            }
            long[] ticks = new long[FIELDS];
            try {
                for (int i = 0; i < FIELDS; i++) {
                    ticks[i] = Long.parseLong(words[i]);
                }
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            return Optional.of(
                    new Ticks(ticks[0], ticks[1], ticks[2], ticks[3], ticks[4], ticks[5], ticks[6], ticks[7]));
        }

        /** user + nice + system + irq + softirq + steal (guest time is already inside user and nice). */
        public long busy() {
            return user + nice + system + irq() + steal;
        }

        /** idle + iowait. */
        public long idle() {
            return idleOnly + iowait;
        }

        /** irq + softirq. */
        public long irq() {
            return irqOnly + softirq;
        }
    }
}
