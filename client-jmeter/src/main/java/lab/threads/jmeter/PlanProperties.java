package lab.threads.jmeter;

import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.client.ClientShare;
import lab.threads.client.LoadRequest;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.wait.WaitKind;

/**
 * The lab plans' properties at the fork, and only there ({@link #of}): numbers parsed once where given ({@code
 * LoadPlan}), so JMeter never reads a bad one as 0 without a word.
 */
public final class PlanProperties {

    /**
     * JMeter's prefix of its thread names, set per worker in distributed mode: a split load's fork sets its process, so
     * "Users 1-1" stays apart in the merged results.
     */
    static final String THREAD_NAME_PREFIX = "__jm.D_TG";

    /** A plan's per-user expression of its user's number, which a split load's later processes offset. */
    private static final String THREAD_NUMBER = "${__threadNum}";

    private PlanProperties() {}

    /**
     * A load's {@code -J} properties: its plan's, its wait as {@link PlanKey#HOW_QUERY}, its target; for one process of
     * a split load, its own ids, thread names and user numbers.
     */
    static Map<String, String> of(LoadRequest load) {
        LoadPlan plan = load.plan();
        Map<String, String> properties = new LinkedHashMap<>(plan.properties());
        properties.remove(PlanKey.HOW.property());
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
        // Where the plan sends its requests: set for each server, never by the user (the runner refuses them).
        properties.put(PlanKey.HOST.property(), load.target().getHost());
        properties.put(PlanKey.PORT.property(), Integer.toString(load.target().getPort()));
        return properties;
    }
}
