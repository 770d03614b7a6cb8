package lab.threads.runner.outside;

import java.io.IOException;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import lab.threads.run.LedgerSecond;

/**
 * The whole machine's CPU, interval by interval, split by who used it ({@link LedgerSecond}): {@code /proc/stat} for
 * the machine, each process of {@code /proc} read once an interval and put in the part of its nearest known ancestor
 * (server, client, runner, lab's backends), a kernel thread in the kernel's, anything else in "other".
 * <p>
 * Processes are told apart by pid and start time. An ended process is counted through its reaper's cutime + cstime,
 * less what earlier intervals already counted of it; a child never seen is its parent's part. The unattributed part
 * shows what is lost (orphans, interrupts on an idle CPU) and, since {@code /proc/stat} counts ticks while each process
 * counts its measured run time, what the ticks missed.
 */
final class Ledger {
    /** {@code /proc} counts CPU in USER_HZ ticks: 100 a second on x86 and arm ({@code getconf CLK_TCK}). */
    private static final long MS_PER_TICK = 10;
    /** The busiest other programs each line names. */
    private static final int OTHERS_SHOWN = 3;
    /** Deeper than any process tree here: a walk up that goes on longer is a loop, not a tree. */
    private static final int MAX_DEPTH = 64;

    /** Who used the CPU: the parts of a {@link LedgerSecond}. */
    enum Part {
        SERVER,
        CLIENT,
        RUNNER,
        LAB_FORKS,
        KERNEL,
        OTHER
    }

    private final ProcFiles proc;
    private final Supplier<List<Long>> server;
    private final Supplier<List<Long>> client;
    private final LabProcesses lab;
    private final boolean irqInTasks;

    private MachineTicks lastMachine;
    private long lastAtMs;
    /** When the previous reading began listing the processes, in ticks since boot. */
    private long lastListedTicks;

    private Map<Long, TaskStat> lastTasks = Map.of();
    private Map<TaskStat.Key, Part> lastParts = Map.of();

    /**
     * @param server the server's process now; empty for a --target server the lab knows by its URL alone
     * @param irqInTasks the kernel charges interrupt time to the task it interrupted ({@link IrqAccounting})
     */
    Ledger(
            ProcFiles proc,
            Supplier<List<Long>> server,
            Supplier<List<Long>> client,
            LabProcesses lab,
            boolean irqInTasks) {
        this.proc = proc;
        this.server = server;
        this.client = client;
        this.lab = lab;
        this.irqInTasks = irqInTasks;
    }

    /**
     * The line of the interval since the previous call; empty on the first, or when {@code /proc/stat} does not read.
     */
    Optional<LedgerSecond> next(long atMs) throws IOException {
        Optional<MachineTicks> machine = MachineTicks.parse(proc.machineStat());
        if (machine.isEmpty()) {
            return Optional.empty();
        }
        long listedTicks = ticks(proc.uptime());
        Map<Long, TaskStat> tasks = new HashMap<>();
        for (long pid : proc.pids()) {
            proc.processStat(pid).flatMap(TaskStat::parse).ifPresent(task -> tasks.put(task.pid(), task));
        }
        Map<TaskStat.Key, Part> parts = new PartWalk(tasks, roots()).parts();
        Optional<LedgerSecond> line = lastMachine == null
                ? Optional.empty()
                : Optional.of(line(atMs, machine.get().since(lastMachine), tasks, parts));
        lastMachine = machine.get();
        lastAtMs = atMs;
        lastListedTicks = listedTicks;
        lastTasks = tasks;
        lastParts = parts;
        return line;
    }

    private Map<Long, Part> roots() {
        Map<Long, Part> roots = new HashMap<>();
        lab.backends().get().forEach(pid -> roots.put(pid, Part.LAB_FORKS));
        lab.clientWorkers().forEach(pid -> roots.put(pid, Part.CLIENT));
        client.get().forEach(pid -> roots.put(pid, Part.CLIENT));
        server.get().forEach(pid -> roots.put(pid, Part.SERVER));
        roots.put(proc.self(), Part.RUNNER);
        return roots;
    }

    private LedgerSecond line(
            long atMs, MachineTicks machine, Map<Long, TaskStat> tasks, Map<TaskStat.Key, Part> parts) {
        Map<Part, Long> ticks = new EnumMap<>(Part.class);
        Map<TaskStat, Long> others = new HashMap<>();
        Map<TaskStat.Key, Long> reaped = new HashMap<>();
        for (TaskStat task : tasks.values()) {
            TaskStat before = earlier(task);
            if (before == null && task.startTicks() < lastListedTicks - 1) {
                // Started before the previous reading listed the processes, yet not in it (its line could not be
                // read then): counted from now on, not with its whole life.
                before = task;
            }
            long own = task.ownTicks() - (before == null ? 0 : before.ownTicks());
            count(ticks, others, parts.get(task.key()), task, own);
            reaped.put(task.key(), task.reapedTicks() - (before == null ? 0 : before.reapedTicks()));
        }
        // What the earlier intervals counted of each process that ended, off its reaper's cutime + cstime; the rest
        // there is its last moments, its own part's.
        Map<TaskStat.Key, Part> lastMoments = new HashMap<>();
        for (TaskStat ended : lastTasks.values()) {
            TaskStat running = tasks.get(ended.pid());
            if (running != null && running.key().equals(ended.key())) {
                continue;
            }
            TaskStat reaper = reaper(ended, tasks);
            if (reaper != null) {
                reaped.merge(reaper.key(), -ended.totalTicks(), Long::sum);
                lastMoments.putIfAbsent(reaper.key(), lastParts.get(ended.key()));
            }
        }
        for (TaskStat task : tasks.values()) {
            long left = reaped.get(task.key());
            Part part = parts.get(task.key());
            Part reapedPart = lastMoments.getOrDefault(task.key(), part == Part.RUNNER ? Part.LAB_FORKS : part);
            // Below zero when a child's CPU never reached this reaper: nothing of it is left to count.
            count(ticks, others, reapedPart, task, Math.max(0, left));
        }
        return new LedgerSecond(
                atMs,
                atMs - lastAtMs,
                machine.cores(),
                machine.busy() * MS_PER_TICK,
                machine.idle() * MS_PER_TICK,
                ms(ticks, Part.SERVER),
                ms(ticks, Part.CLIENT),
                ms(ticks, Part.RUNNER),
                ms(ticks, Part.LAB_FORKS),
                ms(ticks, Part.KERNEL),
                machine.steal() * MS_PER_TICK,
                ms(ticks, Part.OTHER),
                machine.irq() * MS_PER_TICK,
                irqInTasks,
                others.entrySet().stream()
                        .filter(other -> other.getValue() > 0)
                        .sorted(Map.Entry.<TaskStat, Long>comparingByValue(Comparator.reverseOrder()))
                        .limit(OTHERS_SHOWN)
                        .map(other -> new LedgerSecond.Other(
                                other.getKey().name(), other.getKey().pid(), other.getValue() * MS_PER_TICK))
                        .toList());
    }

    /** {@code /proc/uptime}'s seconds since boot, in ticks. */
    private static long ticks(String uptime) {
        return Math.round(Double.parseDouble(uptime.strip().split("\\s+")[0]) * (1000 / MS_PER_TICK));
    }

    /** The same process at the previous reading; null when it is new (or its pid was another's then). */
    private TaskStat earlier(TaskStat task) {
        TaskStat before = lastTasks.get(task.pid());
        return before != null && before.key().equals(task.key()) ? before : null;
    }

    /** The nearest ancestor of {@code ended} still running, by the parents the previous reading saw; null if none. */
    private TaskStat reaper(TaskStat ended, Map<Long, TaskStat> tasks) {
        long ppid = ended.ppid();
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            TaskStat parentBefore = lastTasks.get(ppid);
            TaskStat parentNow = tasks.get(ppid);
            if (parentNow != null && (parentBefore == null || parentBefore.key().equals(parentNow.key()))) {
                return parentNow;
            }
            if (parentBefore == null) {
                return null;
            }
            ppid = parentBefore.ppid();
        }
        return null;
    }

    private static void count(Map<Part, Long> ticks, Map<TaskStat, Long> others, Part part, TaskStat task, long used) {
        ticks.merge(part, used, Long::sum);
        if (part == Part.OTHER) {
            others.merge(task, used, Long::sum);
        }
    }

    private static long ms(Map<Part, Long> ticks, Part part) {
        return ticks.getOrDefault(part, 0L) * MS_PER_TICK;
    }

    /** Each process's part: its own when the lab knows it, else its parent's, a kernel thread the kernel's. */
    private record PartWalk(Map<Long, TaskStat> tasks, Map<Long, Part> roots, Map<Long, Part> known) {
        PartWalk(Map<Long, TaskStat> tasks, Map<Long, Part> roots) {
            this(tasks, roots, new HashMap<>(roots));
        }

        Map<TaskStat.Key, Part> parts() {
            Map<TaskStat.Key, Part> parts = new HashMap<>();
            tasks.values().forEach(task -> parts.put(task.key(), partOf(task.pid(), 0)));
            return parts;
        }

        private Part partOf(long pid, int depth) {
            Part part = known.get(pid);
            if (part != null) {
                return part;
            }
            TaskStat task = tasks.get(pid);
            if (task == null || depth >= MAX_DEPTH) {
                return Part.OTHER;
            }
            Part parents = task.isKernelThread() ? Part.KERNEL : partOf(task.ppid(), depth + 1);
            // The runner's children that the lab did not name are its forks: probes, the database's JVM.
            part = parents == Part.RUNNER ? Part.LAB_FORKS : parents;
            known.put(pid, part);
            return part;
        }
    }
}
