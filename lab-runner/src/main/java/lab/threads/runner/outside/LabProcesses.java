package lab.threads.runner.outside;

import java.util.List;
import java.util.function.Supplier;

/**
 * The lab's processes that are not the runner's children, which the ledger could not reach from it.
 *
 * @param clientWorkers the {@code ./lab worker} JVMs on this machine's addresses: the client's
 * @param backends the lab's services that left the runner's tree (PostgreSQL after {@code pg_ctl}): the lab's forks
 */
public record LabProcesses(List<Long> clientWorkers, Supplier<List<Long>> backends) {

    /** Workers nowhere on this machine, no backend. */
    public static final LabProcesses NONE = new LabProcesses(List.of(), List::of);

    public LabProcesses {
        clientWorkers = List.copyOf(clientWorkers);
    }
}
