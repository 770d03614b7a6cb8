package lab.threads.client;

import java.util.List;

/**
 * How a client's fork reaches the workers that run its users on other machines ({@code --workers}), in the client's
 * own terms: the runner passes it through, the report quotes it.
 */
public interface WorkerAccess {

    /** A run without workers: nothing to make ready or reach, and its fork passes nothing. */
    WorkerAccess NONE = new WorkerAccess() {
        @Override
        public void ready() {}

        @Override
        public void reach(List<String> workers) {}

        @Override
        public String describe() {
            return "none (no workers)";
        }

        @Override
        public List<String> forkArguments() {
            return List.of();
        }
    };

    /**
     * Makes ready what the fork needs to reach its workers, before anything runs (a key made on first use), and says
     * what the run exposes.
     *
     * @throws IllegalArgumentException in one line, when it cannot be made ready
     */
    void ready();

    /**
     * Refuses, before any server starts, workers that do not answer: a run on workers it cannot reach would start each
     * server for nothing.
     *
     * @param workers as {@link WorkerOptions#resolve} gave them
     * @throws IllegalArgumentException naming every worker that did not answer, in one line
     */
    void reach(List<String> workers);

    /** For the run's metadata: how the fork and its workers talk, and what that exposes. */
    String describe();

    /** The fork's command-line arguments that say it. */
    List<String> forkArguments();
}
