package lab.threads.hyperfoil.fork;

import java.io.IOException;
import java.util.Optional;
import lab.threads.client.ChosenClient;
import lab.threads.client.LoadRequest;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.UserGroups;

/** Hyperfoil for a run, on this machine only, forked ({@link HyperfoilFork}) for each load. */
final class HyperfoilClient implements ChosenClient {

    /** JMeter's bundled closed plans that Hyperfoil sends from the same keys: users, rampup, loops. */
    static final java.util.Set<String> CLOSED_PLANS = java.util.Set.of("talk", "smoke");

    @Override
    public LoadClient program() {
        return LoadClient.HYPERFOIL;
    }

    @Override
    public String label() {
        return program().id();
    }

    @Override
    public String describe() {
        return program().possessive() + " event loops (" + program().module() + ")";
    }

    @Override
    public String runsInItsFork() {
        return "the load runs in the forked " + program().label();
    }

    @Override
    public boolean threadPerUser() {
        return false;
    }

    /** Hyperfoil 0.25 has no setting for a connection's local address: the kernel picks each. */
    @Override
    public boolean bindsSourceAddress() {
        return false;
    }

    /**
     * The bundled plans of JMeter's .jmx files: the talk's and smoke plans (users over a ramp-up, each its loops on a
     * connection of its own), spike and step (groups as phases, {@link UserGroups}), read from the same keys; and its
     * own throughput plan, the only one with its own warm-up.
     */
    @Override
    public void check(LoadPlan plan, int workers, int warmupUsers, boolean guestBody, boolean guestHttps) {
        if (plan.client() != program()
                && !UserGroups.PLANS.contains(plan.name())
                && !CLOSED_PLANS.contains(plan.name())) {
            throw new IllegalArgumentException("--client hyperfoil runs the talk, smoke, throughput, spike and step "
                    + "plans, not '" + plan.name() + "': pick one of them with --plan, or use JMeter (--client "
                    + "virtual).");
        }
        if (workers > 0) {
            throw new IllegalArgumentException("--workers are JMeter's: Hyperfoil's own distributed engine "
                    + "(hyperfoil-clustering) does not resolve from Maven Central, so Hyperfoil runs here only.");
        }
        if (guestBody || guestHttps) {
            throw new IllegalArgumentException("--client hyperfoil judges a guest's answers by their status alone, "
                    + "over http: leave --expect-body out and give an http:// URL, or use JMeter (--client virtual).");
        }
        if (warmupUsers > 0) {
            throw new IllegalArgumentException(
                    "--warmup-users warms up with JMeter users; the throughput plan has its own: --warmup <seconds>.");
        }
    }

    @Override
    public Process start(LoadRequest load) throws IOException {
        return HyperfoilFork.start(
                load,
                HyperfoilFork.eventLoops(
                        load.jvm().sharesCoresWithServer(), Runtime.getRuntime().availableProcessors()));
    }

    /** Its fork writes nothing after the load that an exit code could say was lost. */
    @Override
    public Optional<String> lostAtTheEnd(int exitCode) {
        return Optional.empty();
    }
}
