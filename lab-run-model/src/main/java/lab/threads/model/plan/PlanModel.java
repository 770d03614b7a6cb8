package lab.threads.model.plan;

import java.util.Set;

/** How a plan's load arrives, which decides its keys and its ideal; a plan refuses another model's keys by name. */
public enum PlanModel {
    /** Users that each wait for their answer before the next request: users, ramp-up, loops. */
    CLOSED(Set.of(PlanKey.USERS, PlanKey.LOOPS)),
    /** Arrivals at a fixed rate for a duration, whatever the answers: rate, ramp-up, duration. */
    OPEN(Set.of(PlanKey.RATE, PlanKey.DURATION)),
    /**
     * Connections that each send back to back for a duration, or at a fixed rate: the client's own plan, with no file.
     */
    CONNECTIONS(Set.of(PlanKey.CONNECTIONS, PlanKey.DURATION));

    private final Set<PlanKey> own;

    PlanModel(Set<PlanKey> own) {
        this.own = own;
    }

    /** The keys that make this model, which a plan of another model refuses with the model's name. */
    public Set<PlanKey> own() {
        return own;
    }

    /**
     * The least value this model takes of {@code key}: 1 for the keys that make it (an open plan of rate 0 sends
     * nothing), else the key's range.
     */
    public long least(PlanKey key) {
        return own.contains(key) ? 1 : 0;
    }
}
