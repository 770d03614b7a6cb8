package lab.threads.runner;

/**
 * The tag of the test classes, or of the one test of a class, whose assertions read how the CPU was shared (a delay
 * found in its part of the timeline, the client named as the bottleneck, pinned cores, profiler samples, arrivals per
 * second). Beside another run on a busy machine they fail, so lab-runner's pom runs them one class at a time after
 * every other test, and only under {@code ./lab test --all} (what CI runs), with the {@link FaultRun}s.
 */
public final class CpuTimed {
    public static final String TAG = "cpu-timed";

    private CpuTimed() {}
}
