package lab.threads.client;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.PlanKey;

/**
 * A plan as its client reads it: one it brings by name ({@code --plan talk}) or a file of its own format; the knobs it
 * reads and their defaults, and how its load arrives. The runner asks the clients for it ({@link ClientPrograms#plan})
 * and so knows no plan format and no bundled plan of its own.
 *
 * @param name     as the run names it: the bundled name, or the file's name without its extension
 * @param location where it is, for run.json: a resource of the client's module, or the file's absolute path
 * @param knobs    the properties it reads and their defaults, in the plan's order
 * @param model    how its load arrives, which decides its knobs and its ideal
 * @param readsHow whether each request carries the lab's wait ({@link PlanKey#HOW_QUERY}), so --how reaches the server
 * @param client   the client whose plan it is, the only one that runs it
 */
public record ClientPlan(
        String name, String location, Map<String, String> knobs, Model model, boolean readsHow, LoadClient client) {

    public ClientPlan {
        knobs = new LinkedHashMap<>(knobs);
    }

    /** How a plan's load arrives. */
    public enum Model {
        /** Users that each wait for their answer before the next request: users, ramp-up, loops. */
        CLOSED(Set.of(PlanKey.USERS, PlanKey.LOOPS)),
        /** Arrivals at a fixed rate for a duration, whatever the answers: rate, ramp-up, duration. */
        OPEN(Set.of(PlanKey.RATE, PlanKey.DURATION)),
        /**
         * Connections that each send back to back for a duration, or at a fixed rate when one is given: the client's
         * own plan, with no file.
         */
        CONNECTIONS(Set.of(PlanKey.CONNECTIONS, PlanKey.DURATION));

        private final Set<PlanKey> own;

        Model(Set<PlanKey> own) {
            this.own = own;
        }

        /** The knobs that make this model, which a plan of another model refuses with the model's name. */
        public Set<PlanKey> own() {
            return own;
        }
    }

    /** A copy of its knobs, for the runner to set the run's values on. */
    @Override
    public Map<String, String> knobs() {
        return new LinkedHashMap<>(knobs);
    }
}
