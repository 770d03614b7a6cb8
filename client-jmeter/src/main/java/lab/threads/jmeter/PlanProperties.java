package lab.threads.jmeter;

import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.client.LoadRequest;
import lab.threads.common.WaitKind;

/**
 * The lab plans' properties at the fork, and only there: a load's knobs become what a .jmx reads ({@link #of}), and
 * its numeric knobs are checked before a run ({@link #check}). JMeter reads a bad number as 0 without a word
 * ({@code users=abc} runs no user, {@code connect_timeout_ms=abc} means no timeout), so a typo would otherwise pass for
 * a finished test. Properties with other names pass through unchecked.
 */
public final class PlanProperties {

    /** The property the bundled plans append to each request's path for the wait: empty for the plain sleep. */
    public static final String HOW_QUERY = "how_query";

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

    /** A load's {@code -J} properties: its plan's knobs, its wait as {@value #HOW_QUERY} ({@code &how=X}), its target. */
    static Map<String, String> of(LoadRequest load) {
        Map<String, String> properties = new LinkedHashMap<>(load.properties());
        properties.put(
                HOW_QUERY,
                load.how() == WaitKind.SLEEP ? "" : "&how=" + load.how().id());
        // Where the plan sends its requests: set for each server, never by the user (PlanChoice refuses them).
        properties.put("host", load.target().getHost());
        properties.put("port", Integer.toString(load.target().getPort()));
        return properties;
    }

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
