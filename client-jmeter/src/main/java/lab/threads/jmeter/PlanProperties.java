package lab.threads.jmeter;

import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.client.ClientShare;
import lab.threads.client.LoadRequest;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.SourceAddress;
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

    /** JMeter's number of the user, from 1, which a split load's later processes offset. */
    private static final String THREAD_NUMBER = "${__threadNum}";

    private PlanProperties() {}

    /**
     * A load's {@code -J} properties: its plan's, its source address as the users bind it towards the target, its wait
     * as {@link PlanKey#HOW_QUERY}, its target; for one process of a split load, its own ids, thread names and user
     * numbers.
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
        }
        if (plan.sourceAddress() != null) {
            properties.put(
                    PlanKey.SOURCE_ADDRESS.property(),
                    sourceAddress(plan.sourceAddress().towards(load.target().getHost()), plan, share));
        }
        // Where the plan sends its requests: set for each server, never by the user (the runner refuses them).
        properties.put(PlanKey.HOST.property(), load.target().getHost());
        properties.put(PlanKey.PORT.property(), Integer.toString(load.target().getPort()));
        return properties;
    }

    /**
     * What each user's request evaluates ({@code ${__eval(${__P(source_address,)})}} in the plans): per-user user n's
     * 127.n (read as inet_aton does), empty for the kernel's pick, or the one address.
     */
    private static String sourceAddress(SourceAddress source, LoadPlan plan, ClientShare share) {
        return switch (source) {
            case SourceAddress.Choice.PER_USER ->
                // The users of the processes before this one come first: user n of this one is user firstUser + n.
                "127."
                        + (share.split()
                                ? "${__intSum(" + THREAD_NUMBER + "," + plan.firstUser() + ",)}"
                                : THREAD_NUMBER);
            case SourceAddress.Choice.SYSTEM -> "";
            case SourceAddress.Ip ip -> ip.word();
        };
    }
}
