package lab.threads.model.plan;

import java.util.Set;

/**
 * How a plan's load arrives, which decides the keys that make it and its ideal. Each client says it of the plans it
 * reads; a plan refuses the keys of another model by its name ({@link LoadPlan#with(String, String)}).
 */
public enum PlanModel {
    /** Users that each wait for their answer before the next request: users, ramp-up, loops. */
    CLOSED(Set.of(PlanKey.USERS, PlanKey.LOOPS)),
    /** Arrivals at a fixed rate for a duration, whatever the answers: rate, ramp-up, duration. */
    OPEN(Set.of(PlanKey.RATE, PlanKey.DURATION)),
    /**
     * Connections that each send back to back for a duration, or at a fixed rate when one is given: the client's own
     * plan, with no file.
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
     * The least value this model takes of {@code key}: 1 for the keys that make it (an open plan with a rate of 0
     * would send nothing), none beyond the key's range for the others (the throughput plan's rate 0 is back to back).
     */
    public long least(PlanKey key) {
        return own.contains(key) ? 1 : 0;
    }
}
