package lab.threads.hyperfoil.fork;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import lab.threads.client.ChosenClient;
import lab.threads.client.ClientProgram;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;

/** Hyperfoil as the runner's client: {@code --client hyperfoil}, for the throughput plan. */
public final class HyperfoilProgram implements ClientProgram {

    /**
     * The throughput plan, with no file: connections back to back for {@code duration} s after an unrecorded {@code
     * warmup}, or arrivals at {@code rate} above 0 on at most {@code connections}.
     */
    static final String THROUGHPUT = "throughput";

    /**
     * The throughput plan's properties and defaults, {@link PlanKey#HOW_QUERY} among them, sent as the fork's --how.
     */
    private static final Map<String, String> THROUGHPUT_DEFAULTS = new TreeMap<>(Map.of(
            PlanKey.CONNECTIONS.property(),
            "100",
            // Long enough that the client's and the server's JIT compilers are done before the measured seconds: a
            // shorter warm-up leaves C2 compiling in them, and the req/s then measures the compiler, not the server
            // (docs/results/settings-figures.md).
            PlanKey.WARMUP.property(),
            "10",
            PlanKey.DURATION.property(),
            "10",
            PlanKey.SLEEP_MS.property(),
            "0",
            PlanKey.RESPONSE_TIMEOUT_MS.property(),
            "30000",
            PlanKey.RATE.property(),
            "0",
            PlanKey.HOW_QUERY.property(),
            ""));

    /**
     * How long Hyperfoil waits for a connection to open: Netty's default, which Hyperfoil 0.25 does not let a benchmark
     * set; the fork refuses another.
     */
    public static final long CONNECT_TIMEOUT_MS = 30_000;

    @Override
    public LoadClient client() {
        return LoadClient.HYPERFOIL;
    }

    @Override
    public ChosenClient choose(String name) {
        return new HyperfoilClient();
    }

    @Override
    public List<String> planNames() {
        return List.of(THROUGHPUT);
    }

    @Override
    public LoadPlan plan(String name) {
        return LoadPlan.read(THROUGHPUT, THROUGHPUT, client(), PlanModel.CONNECTIONS, THROUGHPUT_DEFAULTS);
    }
}
