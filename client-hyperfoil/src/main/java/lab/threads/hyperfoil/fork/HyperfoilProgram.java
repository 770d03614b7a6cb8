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
     * The throughput plan: no file; connections each send back to back for {@code duration} s after {@code warmup} s
     * that are not recorded; with a {@code rate} above 0, requests arrive at that fixed rate instead (open, on at most
     * {@code connections} at once).
     */
    static final String THROUGHPUT = "throughput";

    /**
     * The throughput plan's properties and their defaults; {@link PlanKey#HOW_QUERY} among them as its requests carry
     * the lab's wait (--how), which the fork sends as a flag of its own.
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
     * How long Hyperfoil's engine waits for a connection to open: Netty's default, which Hyperfoil 0.25 neither sets
     * nor lets a benchmark set. The talk's and smoke plans ask for the same by default; the fork refuses another.
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
