package lab.threads.client;

import java.util.List;

/**
 * How a client's fork reaches the workers that run its users on other machines ({@code --workers}), in the client's
 * own terms: the runner passes it through, the report quotes it.
 */
public interface WorkerAccess {

    /**
     * Makes ready what the fork needs to reach its workers, before anything runs (a key made on first use), and says
     * what the run exposes.
     *
     * @throws IllegalArgumentException in one line, when it cannot be made ready
     */
    void ready();

    /** For the run's metadata: how the fork and its workers talk, and what that exposes. */
    String describe();

    /** The fork's command-line arguments that say it. */
    List<String> forkArguments();
}
