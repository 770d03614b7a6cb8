package lab.threads.jmeter;

/**
 * The tag of the tests whose assertions read how the CPU was shared (arrivals per second). client-jmeter's own build
 * leaves them out; lab-runner runs them from this module's test jar in its phase of such tests, alone at the end of
 * the build, as it does its own.
 */
final class CpuTimed {
    static final String TAG = "cpu-timed";

    private CpuTimed() {}
}
