package lab.threads.jmeter;

/**
 * The tag of the tests whose assertions read how the CPU was shared (arrivals per second). client-jmeter's pom runs
 * them after the others, in one JVM alone; the others run in two JVMs at once.
 */
final class CpuTimed {
    static final String TAG = "cpu-timed";

    private CpuTimed() {}
}
