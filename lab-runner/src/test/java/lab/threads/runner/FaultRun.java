package lab.threads.runner;

/**
 * The tag of the test classes that provoke a fault for real in a whole run: a process killed or frozen, a database
 * killed, a disk full, a client's heap exhausted. Each needs the machine to itself for tens of seconds, so lab-runner's
 * pom runs them one class at a time after every other test, and only under {@code ./lab test --all} (what CI runs);
 * {@code ./lab test} leaves them out, which keeps it within five minutes on two cores.
 */
public final class FaultRun {
    public static final String TAG = "fault-run";

    private FaultRun() {}
}
