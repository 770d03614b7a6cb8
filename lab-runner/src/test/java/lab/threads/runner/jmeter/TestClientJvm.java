package lab.threads.runner.jmeter;

import java.util.Arrays;
import java.util.List;

/**
 * The JMeter fork's flags in these tests, after the lab's own, as {@code ./lab run --client-jvm-args}: the property
 * {@code lab.client-jvm-args} that lab-runner's pom gives its tests ({@code -XX:-AlwaysPreTouch}: a fork's 1 GB heap,
 * written at its start, cost it half a CPU-second of system time before its first line, and these tests assert no
 * figure that could move with it). The classes and tests that run alone get none: they keep a user's flags.
 */
final class TestClientJvm {
    static final List<String> FLAGS = Arrays.stream(
                    System.getProperty("lab.client-jvm-args", "").split(" "))
            .filter(flag -> !flag.isBlank())
            .toList();

    private TestClientJvm() {}
}
