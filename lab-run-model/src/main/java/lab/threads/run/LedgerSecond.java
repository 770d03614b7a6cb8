package lab.threads.run;

import java.util.List;

/**
 * One interval (about a second) of the whole machine's CPU, split by who used it: one line of {@code ledger.jsonl},
 * written by the runner from {@code /proc} while a server takes its load and read by the report. Every figure is CPU
 * time in milliseconds over the interval, all cores together, so {@code busyMs} is at most
 * {@code cores * intervalMs}.
 * <p>Each part is measured on its own, never derived from the others; what no part explains is
 * {@link #unattributedMs()}, the ledger's error, shown rather than spread. Where the kernel charges interrupts to the
 * task it interrupted, {@code irqMs} is already inside the parts ({@code irqInTasks}): stated, never added.
 *
 * @param sampledAtMs the wall clock at the interval's end
 * @param intervalMs  the wall time since the previous line
 * @param cores       the machine's online CPUs
 * @param busyMs      the machine's busy time: user + nice + system + irq + softirq + steal
 * @param idleMs      idle + iowait
 * @param serverMs    the server under test: its process and every process below it
 * @param clientMs    the load client: its forks and the JMeter workers on this machine
 * @param runnerMs    the runner's own JVM (its probes and samplers are threads of it)
 * @param labForksMs  the runner's other children and what they reaped: probes, the database and its PostgreSQL
 * @param kernelMs    kernel threads ({@code kworker}, {@code ksoftirqd}, ...)
 * @param stealMs     the hypervisor's other guests, from {@code /proc/stat}'s steal column
 * @param otherMs     every other program on the machine
 * @param irqMs       {@code /proc/stat}'s irq + softirq
 * @param irqInTasks  true when {@code irqMs} is already inside the tasks' figures
 * @param others      the busiest other programs of the interval, most first
 */
public record LedgerSecond(
        long sampledAtMs,
        long intervalMs,
        int cores,
        long busyMs,
        long idleMs,
        long serverMs,
        long clientMs,
        long runnerMs,
        long labForksMs,
        long kernelMs,
        long stealMs,
        long otherMs,
        long irqMs,
        boolean irqInTasks,
        List<Other> others) {

    /** The file in each server's folder. */
    public static final String FILE = "ledger.jsonl";

    /** One other program's CPU in the interval: its command name as the kernel has it, e.g. {@code gradle}. */
    public record Other(String name, long pid, long cpuMs) {}

    public LedgerSecond {
        others = others == null ? List.of() : List.copyOf(others);
    }

    /** The lab's own part: the runner and everything it forked that is neither the server nor the client. */
    public long labMs() {
        return runnerMs + labForksMs;
    }

    /** Interrupt time as a part of its own: none where the kernel charged it to the tasks it interrupted. */
    public long interruptMs() {
        return irqInTasks ? 0 : irqMs;
    }

    /**
     * The busy time the parts add up to: the larger of {@code busyMs} and the interval on every core less idle. The
     * kernel counts busy time in ticks but measures idle time at each wake-up, and a CPU whose tick stops while idle
     * leaves part of the time tasks ran after it woke uncounted in {@code busyMs}; each process's own time is what the
     * scheduler measured, so on a machine with idle time the parts add up to the wall time less idle, not to the
     * ticks. Both figures are lower bounds of the time the cores ran; the larger is the closer.
     */
    public long busyOfWallMs() {
        return Math.max(busyMs, cores * intervalMs - idleMs);
    }

    /** Busy time no part explains; negative when the parts' tick rounding overshoots. */
    public long unattributedMs() {
        return busyOfWallMs() - serverMs - clientMs - labMs() - kernelMs - stealMs - otherMs - interruptMs();
    }
}
