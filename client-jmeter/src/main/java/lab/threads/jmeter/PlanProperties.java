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
 * its whole-number keys are checked before a run by the model's ranges ({@link #check}). JMeter reads a bad number as 0 without a word
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

    private PlanProperties() {}

    /**
     * A load's {@code -J} properties: its plan's knobs, its wait as {@link PlanKey#HOW_QUERY} ({@code &how=X}), its target;
     * for one process of a split load (whose plan is already its share), ids, thread names and user numbers of its own.
     */
    static Map<String, String> of(LoadRequest load) {
        LoadPlan plan = load.plan();
        Map<String, String> properties = new LinkedHashMap<>(plan.properties());
        properties.put(
                PlanKey.HOW_QUERY.property(),
                plan.how() == WaitKind.SLEEP ? "" : "&how=" + plan.how().id());
        ClientShare share = load.share();
        properties.put(PlanKey.RID_PREFIX.property(), share.prefix());
        if (share.split()) {
            properties.put(THREAD_NAME_PREFIX, "p" + share.index());
            // The users of the processes before this one come first: user n of this one is user firstUser + n.
            properties.computeIfPresent(
                    PlanKey.SOURCE_ADDRESS.property(),
                    (name, value) -> value.replace(
                            THREAD_NUMBER, "${__intSum(" + THREAD_NUMBER + "," + plan.firstUser() + ",)}"));
        }
        // Where the plan sends its requests: set for each server, never by the user (PlanChoice refuses them).
        properties.put(PlanKey.HOST.property(), load.target().getHost());
        properties.put(PlanKey.PORT.property(), Integer.toString(load.target().getPort()));
        return properties;
    }

    /**
     * Each whole-number key among {@code properties} in its range, the model's ({@link PlanKey#whole}); an arrival
     * rate at least 1, as JMeter's plans read it only as arrivals (open.jmx: no back-to-back mode, whose rate is 0).
     *
     * @throws IllegalArgumentException naming the first bad key and the values it accepts
     */
    static void check(Map<String, String> properties) {
        properties.forEach((name, value) -> PlanKey.of(name)
                .filter(PlanKey::isWhole)
                .ifPresent(key -> {
                    try {
                        key.whole(value, key == PlanKey.RATE ? 1 : 0);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(
                                "bad plan property -J" + name + "=" + value + ": " + e.getMessage(), e);
                    }
                }));
    }
}
