package lab.threads.report.tasks;

import java.util.function.Function;
import lab.threads.report.math.Numbers;
import lab.threads.tasks.TaskOutcome;
import lab.threads.tasks.TaskRun;

/** One row of a seed's table: a figure of each fork, then the median and range of the repeats. */
public enum TaskFigure {
    WALL_MS("wallMs", "wall time, ms (first submit to close() returning)", 0, inside(o -> (double) o.wallMs())),
    ALL_DONE_MS("allDoneMs", "  of which to the last task's end, ms", 0, inside(o -> (double) o.allDoneMs())),
    PEAK_OS_THREADS("peakOsThreads", "peak OS threads (/proc, every 100 ms)", 0, run -> number(run.peakOsThreads())),
    SWITCHES_PER_S(
            "switchesPerS",
            "context switches /s (voluntary + involuntary)",
            0,
            inside(o -> perSecond(o.voluntarySwitches() + o.involuntarySwitches(), o))),
    VOLUNTARY_PER_S(
            "voluntarySwitchesPerS",
            "  voluntary /s (a thread blocked)",
            0,
            inside(o -> perSecond(o.voluntarySwitches(), o))),
    INVOLUNTARY_PER_S(
            "involuntarySwitchesPerS",
            "  involuntary /s (a thread preempted)",
            0,
            inside(o -> perSecond(o.involuntarySwitches(), o))),
    USER_CPU_MS("userCpuMs", "user CPU, ms", 0, inside(o -> (double) o.userMs())),
    KERNEL_CPU_MS("kernelCpuMs", "kernel CPU, ms", 0, inside(o -> (double) o.systemMs())),
    KERNEL_SHARE(
            "kernelSharePercent",
            "kernel share of the process's CPU, %",
            1,
            inside(o ->
                    o.userMs() + o.systemMs() == 0 ? Double.NaN : 100.0 * o.systemMs() / (o.userMs() + o.systemMs()))),
    CPU_PER_TASK_MS(
            "cpuPerTaskMs",
            "CPU per task, ms (user + kernel / tasks)",
            4,
            inside(o -> (o.userMs() + o.systemMs()) / (double) o.tasks())),
    /** getrusage's ru_maxrss, inside: /proc's VmHWM is gone once the fork is a zombie, ending its threads. */
    PEAK_RSS_MB("peakRssMb", "peak RSS, MB (ru_maxrss)", 0, inside(o -> o.maxRssBytes() / (1024.0 * 1024.0)));

    private final String key;
    private final String label;
    private final int places;
    private final Function<TaskRun, Double> read;

    TaskFigure(String key, String label, int places, Function<TaskRun, Double> read) {
        this.key = key;
        this.label = label;
        this.places = places;
        this.read = read;
    }

    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    /** This fork's figure; NaN where it has none (a fork that printed no result). */
    public double read(TaskRun run) {
        return read.apply(run);
    }

    String median(TaskCase c) {
        return format(c.figure(this).median());
    }

    public String format(double value) {
        return Double.isNaN(value) ? Numbers.NOT_AVAILABLE : Numbers.decimal(value, places);
    }

    private static Function<TaskRun, Double> inside(Function<TaskOutcome, Double> figure) {
        return run -> run.outcome() == null ? Double.NaN : figure.apply(run.outcome());
    }

    private static double perSecond(long count, TaskOutcome outcome) {
        return outcome.wallMs() == 0 ? Double.NaN : count * 1000.0 / outcome.wallMs();
    }

    private static double number(Long value) {
        return value == null ? Double.NaN : value;
    }
}
