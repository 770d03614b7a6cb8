package lab.threads.runner;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import lab.threads.client.ChosenClient;
import lab.threads.client.WorkerAccess;
import lab.threads.common.SettingsMode;
import lab.threads.common.Variant;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.SourceAddress;
import lab.threads.run.Sweep;
import lab.threads.runner.machine.CpuSets;
import lab.threads.runner.process.Backends;
import lab.threads.runner.process.ServerPorts;
import lab.threads.runner.process.ServerProcess;
import lab.threads.runner.profiling.Profiling;

/**
 * Everything a run was asked to do, validated.
 *
 * @param targets the servers already running elsewhere (--target); the others are started here
 * @param workers {@code host:port} of the client's workers that run the users; empty: its fork runs them
 * @param serverJdk the started servers' JDK (--server-jdk): 25, the runner's, or 21
 * @param guests the services the lab did not write, run instead of its servers; {@link GuestRun#NONE} for none
 * @param warmupUsers users of an unmeasured load before the measured one; 0 for none
 * @param clientProcesses how many processes send each load (--client-processes): 0 for as many as it needs
 * @param ports where each started server listens (--base-port)
 */
public record RunOptions(
        List<Variant> servers,
        LoadPlan plan,
        ChosenClient client,
        Path out,
        Map<Variant, URI> targets,
        List<String> serverJvmFlags,
        List<String> clientJvmFlags,
        List<String> serverFlags,
        SettingsMode serverSettings,
        Duration startTimeout,
        List<String> workers,
        WorkerAccess workerAccess,
        Sweep sweep,
        int repeats,
        int warmupUsers,
        CpuSets cpus,
        Profiling.Mode profile,
        String serverJdk,
        GuestRun guests,
        int clientProcesses,
        ServerPorts ports) {

    /** The measured configurations: the sweep's levels x the repeats; a bad level is refused here. */
    public List<RunCase> cases() throws java.io.IOException {
        return RunCase.expand(plan, sweep, repeats);
    }

    /** Every wait the run's cases ask for ({@code how}): what {@link Backends} starts before the first server. */
    java.util.Set<lab.threads.model.wait.WaitKind> waits() throws java.io.IOException {
        return cases().stream().map(runCase -> runCase.plan().how()).collect(java.util.stream.Collectors.toSet());
    }

    /** The largest database pool of any case, which the database's {@code max_connections} must exceed. */
    int largestDbPool() throws java.io.IOException {
        return cases().stream()
                .mapToInt(runCase -> Math.toIntExact(runCase.plan().get(PlanKey.DB_POOL, 0)))
                .max()
                .orElse(0);
    }

    /** The servers this run starts (not --target ones): the ones --server-jdk builds for. */
    List<Variant> startedServers() {
        return servers.stream().filter(variant -> !targets.containsKey(variant)).toList();
    }

    /** What the forecast weighs: which sides run here, and how the started servers are set. */
    CapacityForecast.Sides forecastSides() {
        return new CapacityForecast.Sides(
                workers.isEmpty(),
                client,
                startedServers(),
                startedServerFlags(),
                cpus,
                perUserSources(),
                clientProcesses);
    }

    /**
     * Whether every user binds a source address of its own: per-user, every server on 127.x, a client that binds one.
     */
    private boolean perUserSources() {
        SourceAddress source = plan.sourceAddress();
        if (source == null || !client.bindsSourceAddress()) {
            return false;
        }
        return Stream.concat(
                        servers.stream()
                                .map(variant -> targets.containsKey(variant)
                                        ? targets.get(variant).getHost()
                                        : ServerProcess.HOST),
                        guests.guests().stream().map(guest -> guest.url().getHost()))
                .allMatch(host -> source.towards(host) == SourceAddress.Choice.PER_USER);
    }

    /** What the checks before the load ask about: every case against every server, and the output folder. */
    public Preflight.Asked preflight() throws java.io.IOException {
        return new Preflight.Asked(cases(), servers, targets, startedServerFlags(), out, guests);
    }

    /** The settings of every server the runner starts: the mode, then --server-args. */
    List<String> startedServerFlags() {
        List<String> flags = new java.util.ArrayList<>(List.of("--settings=" + serverSettings));
        flags.addAll(serverFlags);
        return flags;
    }
}
