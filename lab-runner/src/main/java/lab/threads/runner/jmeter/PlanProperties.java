package lab.threads.runner.jmeter;

import java.util.Map;

/**
 * Checks the lab plans' numeric knobs before a run. JMeter reads a bad number as 0 without a word
 * ({@code users=abc} runs no user, {@code connect_timeout_ms=abc} means no timeout), so a typo would
 * otherwise pass for a finished test. Properties with other names pass through unchecked.
 */
final class PlanProperties {

    private record Range(long min, long max) {}

    private static final Map<String, Range> KNOBS = Map.of(
            "port", new Range(1, 65_535),
            "users", new Range(1, Integer.MAX_VALUE),
            "rampup", new Range(0, Integer.MAX_VALUE),
            "loops", new Range(1, Integer.MAX_VALUE),
            "rate", new Range(1, Integer.MAX_VALUE),
            "duration", new Range(1, Integer.MAX_VALUE),
            "sleep_ms", new Range(0, Integer.MAX_VALUE),
            "connect_timeout_ms", new Range(0, Integer.MAX_VALUE),
            "response_timeout_ms", new Range(0, Integer.MAX_VALUE));

    private PlanProperties() {}

    /** @throws IllegalArgumentException naming the first bad knob and the values it accepts */
    static void check(Map<String, String> properties) {
        properties.forEach((name, value) -> {
            Range range = KNOBS.get(name);
            if (range == null) {
                return;
            }
            long number;
            try {
                number = Long.parseLong(value.strip());
            } catch (NumberFormatException e) {
                number = Long.MIN_VALUE;
            }
            if (number < range.min() || number > range.max()) {
                throw new IllegalArgumentException("bad plan property -J" + name + "=" + value + ": " + name
                        + " must be a whole number from " + range.min() + " to " + range.max());
            }
        });
    }
}
