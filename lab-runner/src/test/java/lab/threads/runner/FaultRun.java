package lab.threads.runner;

/**
 * The tag of the test classes that provoke a fault for real in a whole run: a process killed or frozen, a database
 * killed, a disk full, a client's heap exhausted. Like {@link CpuTimed}'s, they need the machine to themselves, so
 * lab-runner's pom runs them one class at a time after every other test, and only under {@code ./lab test --all}
 * (what CI runs).
 */
public final class FaultRun {
    public static final String TAG = "fault-run";

    private FaultRun() {}
}
