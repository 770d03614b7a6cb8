package lab.threads.runner.outside;

import java.util.List;
import java.util.function.Supplier;

/**
 * What the ledger needs to know of a turn beyond the server and the client's forks: processes of the lab that are
 * not the runner's children, so that no walk up from them reaches the runner.
 *
 * @param clientWorkers the {@code ./lab worker} JVMs on this machine's addresses: the client's
 * @param backends      the lab's own services that left the runner's tree, now (the database's PostgreSQL, which its
 *                      {@code pg_ctl} start hands to init): the lab's forks
 */
public record LabProcesses(List<Long> clientWorkers, Supplier<List<Long>> backends) {

    /** Workers nowhere on this machine, no backend. */
    public static final LabProcesses NONE = new LabProcesses(List.of(), List::of);

    public LabProcesses {
        clientWorkers = List.copyOf(clientWorkers);
    }
}
