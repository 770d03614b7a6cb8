package lab.threads.jmeter;

import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.client.ClientShare;
import lab.threads.client.LoadRequest;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.wait.WaitKind;

/**
 * The lab plans' properties at the fork, and only there: a load's knobs become what a .jmx reads ({@link #of}), and
 * its numeric knobs are checked before a run ({@link #check}). JMeter reads a bad number as 0 without a word
 * ({@code users=abc} runs no user, {@code connect_timeout_ms=abc} means no timeout), so a typo would otherwise pass for
 * a finished test. Properties with other names pass through unchecked.
 */
public final class PlanProperties {

    /**
     * JMeter's own prefix of its thread names ({@code JMeterUtils.THREAD_GROUP_DISTRIBUTED_PREFIX_PROPERTY_NAME}),
     * which its distributed mode sets to each worker's host: a split load's fork sets it to its process, so "Users
     * 1-1" of one process is not that of another in the merged results.
     */
    static final String THREAD_NAME_PREFIX = "__jm.D_TG";

    /** A plan's per-user expression of its user's number, which a split load's later processes offset. */
    private static final String THREAD_NUMBER = "${__threadNum}";

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

    /**
     * A load's {@code -J} properties: its plan's knobs, its wait as {@value LoadPlan#HOW_QUERY} ({@code &how=X}), its target;
     * for one process of a split load (whose plan is already its share), ids, thread names and user numbers of its own.
     */
    static Map<String, String> of(LoadRequest load) {
        LoadPlan plan = load.plan();
        Map<String, String> properties = new LinkedHashMap<>(plan.properties());
        properties.put(
                LoadPlan.HOW_QUERY,
                plan.how() == WaitKind.SLEEP ? "" : "&how=" + plan.how().id());
        ClientShare share = load.share();
        properties.put(LoadPlan.RID_PREFIX, share.prefix());
        if (share.split()) {
            properties.put(THREAD_NAME_PREFIX, "p" + share.index());
            // The users of the processes before this one come first: user n of this one is user firstUser + n.
            properties.computeIfPresent(
                    PlanKey.SOURCE_ADDRESS.property(),
                    (name, value) -> value.replace(
                            THREAD_NUMBER, "${__intSum(" + THREAD_NUMBER + "," + plan.firstUser() + ",)}"));
        }
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
