package lab.threads.client;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import lab.threads.model.plan.LoadPlan;

/**
 * One load for a client's fork to send: the measured one or a warm-up, against one server.
 *
 * @param target     the server's base URL
 * @param plan       what this fork sends, typed: for one process of a split load, its share
 *                   ({@link ClientShare#of(LoadPlan)}); a client turns it into what its plan reads
 * @param users      the users at the worst, all processes of the load together, which size the fork's heap
 * @param share      which of the load's processes this fork is: its ids, its thread names, its start
 * @param files      where it writes
 * @param jvm        how its JVM starts
 * @param workers    {@code host:port} of the workers that run its users; empty: the fork runs them
 * @param access     how the fork reaches them
 */
public record LoadRequest(
        URI target,
        LoadPlan plan,
        int users,
        ClientShare share,
        Files files,
        Jvm jvm,
        List<String> workers,
        WorkerAccess access) {

    /**
     * Where a fork writes, named by the runner's run folder.
     *
     * @param samples   its one line per request, in JMeter's CSV columns
     * @param log       its stderr, where it says why it failed
     * @param dashboard a folder for its own HTML report of the load, if it writes one
     * @param home      a folder the forks of one run share, for what a fork extracts before it starts
     */
    public record Files(Path samples, Path log, Path dashboard, Path home) {
        public Files {
            Objects.requireNonNull(samples, "samples");
            Objects.requireNonNull(log, "log");
        }
    }

    /**
     * How a fork's JVM starts.
     *
     * @param jar                   its module's jar, with its {@code libs/} beside it (a client that runs on the
     *                              runner's classpath does not read it)
     * @param launcher              what goes before {@code java}: {@code taskset -c <cpus>}, or nothing
     * @param flags                 more flags of its JVM, after its own: its recording under --profile, or nothing
     * @param sharesCoresWithServer whether the server under load runs on the same cores
     */
    public record Jvm(Path jar, List<String> launcher, List<String> flags, boolean sharesCoresWithServer) {
        public Jvm {
            launcher = List.copyOf(launcher);
            flags = List.copyOf(flags);
        }
    }

    public LoadRequest {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(share, "share");
        workers = List.copyOf(workers);
    }
}
