package lab.threads.model.plan;

import java.util.Arrays;
import java.util.Optional;

/**
 * The knobs of a plan that the lab itself reads, by the property name every plan gives them (a .jmx's
 * {@code ${__P(users,20000)}}, the throughput plan's own): the one place their names are spelled outside the client
 * modules. A {@link LoadPlan} carries them typed.
 */
public enum PlanKey {
    /** Closed plans: the users, each a connection of its own. */
    USERS("users"),
    /** Closed and open plans: the seconds over which the users (the arrival rate) ramp up. */
    RAMPUP("rampup"),
    /** Closed plans: each user's requests. */
    LOOPS("loops"),
    /** Open plans, and the throughput plan when above 0: arrivals a second. */
    RATE("rate"),
    /** Open and throughput plans: the seconds the rate (the connections) are held. */
    DURATION("duration"),
    /** The throughput plan: its connections, each sending back to back. */
    CONNECTIONS("connections"),
    /** The throughput plan: seconds sent but not recorded, before its measured ones. */
    WARMUP("warmup"),
    /** The spike plan: the spike's users as a multiple of the base's ({@link #USERS}). */
    SPIKE_FACTOR("spike_factor"),
    /** The spike plan: the second of the schedule the spike starts. */
    SPIKE_AT("spike_at"),
    /** The spike plan: how long the spike lasts. */
    SPIKE_SECONDS("spike_seconds"),
    /** The spike plan: the seconds over which the spike's users start (its thread group's ramp-up). */
    SPIKE_RAMPUP("spike_rampup"),
    /** The step plan: how many steps of {@link #USERS} more users. */
    STEPS("steps"),
    /** The step plan: how long each step lasts. */
    STEP_SECONDS("step_seconds"),
    /** The {@code ?ms=} of the lab's {@code /sleep}: what each request waits on the server. */
    SLEEP_MS("sleep_ms"),
    CONNECT_TIMEOUT_MS("connect_timeout_ms"),
    RESPONSE_TIMEOUT_MS("response_timeout_ms"),
    /** The local address each user binds: a literal, or an expression of the user's number. */
    SOURCE_ADDRESS("source_address");

    private final String property;

    PlanKey(String property) {
        this.property = property;
    }

    /** Its name in a plan: {@code users}, {@code sleep_ms}. */
    public String property() {
        return property;
    }

    /** Its option of {@code ./lab run}: the property with {@code -} for {@code _}. */
    public String flag() {
        return "--" + property.replace('_', '-');
    }

    public static Optional<PlanKey> of(String property) {
        return Arrays.stream(values())
                .filter(key -> key.property.equals(property))
                .findFirst();
    }
}
