package lab.threads.runner;

/**
 * The tag of the test classes, or of the one test of a class, whose assertions read how the CPU was shared (a delay
 * found in its part of the timeline, the client named as the bottleneck, pinned cores, profiler samples, arrivals per
 * second). lab-runner's pom runs them after the others, in one JVM alone; the others run in two JVMs at once.
 */
public final class CpuTimed {
    public static final String TAG = "cpu-timed";

    private CpuTimed() {}
}
