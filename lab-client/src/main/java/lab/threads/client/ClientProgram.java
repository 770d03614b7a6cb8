package lab.threads.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;

/**
 * A load client as the runner finds it: one in each client module, named in that module's
 * {@code META-INF/services/lab.threads.client.ClientProgram}, for its line of the registry ({@link LoadClient}). The
 * runner holds no branch of its own per client: it chooses one by {@code --client} ({@link ClientPrograms#choose}) and
 * asks the {@link ChosenClient} the rest. It is loaded into the runner's JVM, so it names none of its engine's classes:
 * the engine runs in the fork.
 */
public interface ClientProgram {

    LoadClient client();

    /** The values of {@code --client} that choose it, lower case; the first is its registry id, for most the only. */
    default List<String> names() {
        return List.of(client().id());
    }

    /** One of its {@link #names()} as {@code --client}'s refusal lists it: the name, and what it stands for if more. */
    default String usage(String name) {
        return name;
    }

    /**
     * The client for a whole run, as {@code --client} named it.
     *
     * @param name one of {@link #names()}
     */
    ChosenClient choose(String name);

    /** The names of the plans it brings ({@code --plan talk}), none for most. */
    default List<String> planNames() {
        return List.of();
    }

    /**
     * A plan it brings, with its defaults ({@link LoadPlan#read}): the runner knows no plan format and no bundled plan
     * of its own.
     *
     * @param name one of {@link #planNames()}
     */
    default LoadPlan plan(String name) throws IOException {
        throw new IllegalArgumentException(client().label() + " brings no plan '" + name + "'");
    }

    /** A plan file, read as its own format: empty when it reads none such ({@code .jmx} for JMeter). */
    default Optional<LoadPlan> planFile(Path file) throws IOException {
        return Optional.empty();
    }

    /**
     * Its options for running users on other machines ({@code --workers}), new for each command line as they hold its
     * values; empty for a client that runs no workers.
     */
    default Optional<WorkerOptions> workerOptions() {
        return Optional.empty();
    }
}
