package lab.threads.report.math;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import lab.threads.run.LedgerSecond;

/**
 * One server's turn in the machine's CPU ledger: its lines summed over the load window, a line in it by its interval's
 * midpoint, and again over the seconds every core was at least {@value #SATURATED_PERCENT}% busy, where the sides had
 * to compete.
 *
 * @param others    other programs' CPU over the window by command name, most first
 * @param perSecond each line in the window as one array, in {@link #COLUMNS}' order
 */
public record MachineLedger(
        int cores,
        int seconds,
        LedgerParts load,
        int saturatedSeconds,
        LedgerParts saturated,
        Map<String, Long> others,
        List<long[]> perSecond) {

    /** Every core at least this busy over a second: the machine had none to spare. */
    public static final double SATURATED_PERCENT = 95;

    /** What each array of {@link #perSecond} holds, in milliseconds but for the first (the interval's end, epoch ms). */
    public static final List<String> COLUMNS = List.of(
            "sampledAtMs",
            "intervalMs",
            "busyMs",
            "serverMs",
            "clientMs",
            "labMs",
            "kernelMs",
            "stealMs",
            "otherMs",
            "interruptMs",
            "unattributedMs");

    /** The lines whose interval's midpoint lies within {@code fromMs}-{@code toMs}; null when none does. */
    public static MachineLedger over(List<LedgerSecond> lines, long fromMs, long toMs) {
        LedgerParts load = LedgerParts.NONE;
        LedgerParts saturated = LedgerParts.NONE;
        int seconds = 0;
        int saturatedSeconds = 0;
        int cores = 0;
        Map<String, Long> others = new LinkedHashMap<>();
        List<long[]> perSecond = new ArrayList<>();
        for (LedgerSecond line : lines) {
            long midpoint = line.sampledAtMs() - line.intervalMs() / 2;
            if (line.intervalMs() <= 0 || midpoint < fromMs || midpoint > toMs) {
                continue;
            }
            seconds++;
            cores = Math.max(cores, line.cores());
            load = load.plus(line);
            if (saturated(line)) {
                saturatedSeconds++;
                saturated = saturated.plus(line);
            }
            line.others().forEach(other -> others.merge(other.name(), other.cpuMs(), Long::sum));
            perSecond.add(new long[] {
                line.sampledAtMs(),
                line.intervalMs(),
                line.busyOfWallMs(),
                line.serverMs(),
                line.clientMs(),
                line.labMs(),
                line.kernelMs(),
                line.stealMs(),
                line.otherMs(),
                line.interruptMs(),
                line.unattributedMs()
            });
        }
        if (seconds == 0) {
            return null;
        }
        return new MachineLedger(
                cores,
                seconds,
                load,
                saturatedSeconds,
                saturated,
                others.entrySet().stream()
                        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                        .collect(Collectors.toMap(
                                Map.Entry::getKey, Map.Entry::getValue, Long::sum, LinkedHashMap::new)),
                List.copyOf(perSecond));
    }

    /** Every core at least {@value #SATURATED_PERCENT}% busy over the line's interval. */
    static boolean saturated(LedgerSecond line) {
        return line.cores() > 0
                && 100.0 * line.busyOfWallMs() / (line.cores() * line.intervalMs()) >= SATURATED_PERCENT;
    }

    /** The share of the window's lines in which every core was busy, in percent. */
    public double saturatedPercentOfLoad() {
        return seconds == 0 ? 0 : 100.0 * saturatedSeconds / seconds;
    }
}
