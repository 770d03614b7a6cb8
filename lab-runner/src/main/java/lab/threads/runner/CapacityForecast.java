package lab.threads.runner;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import lab.threads.client.ChosenClient;
import lab.threads.common.ServerSettings;
import lab.threads.common.Variant;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.run.PlanShape;
import lab.threads.runner.client.ClientSplit;
import lab.threads.runner.machine.CpuCosts;
import lab.threads.runner.machine.CpuSets;
import lab.threads.runner.machine.MachineLimits;
import lab.threads.runner.outside.CpuList;

/**
 * What a plan will ask of this machine at its peak, said before it runs: rate and requests in flight against open
 * files, threads, local ports, the servers' connection cap and backlog, and the cores each side needs. A warning says
 * what to do; nothing is refused, since a user may want to see a limit hit.
 * <p>
 * In flight: an open plan holds rate x sleep, up to rate x (connect + response timeout) when answers stop. A closed
 * plan's user i of n starts ramp x i / n s in and stays loops x sleep, so at most n x min(1, loops x sleep / ramp)
 * overlap; late answers make it all n. The peak rate is the expected in-flight count over the sleep.
 *
 * @param expected requests in flight at the peak if every answer takes exactly the sleep
 * @param worst requests in flight when answers are late (closed: every user; open: until the timeouts)
 */
record CapacityForecast(boolean open, double peakRate, long expected, long worst) {
    /** The variants that run each request in flight on a platform thread of their own. */
    private static final Set<Variant> THREAD_PER_REQUEST =
            EnumSet.of(Variant.PLATFORM, Variant.POOL, Variant.JDK_THREAD, Variant.JDK_POOL);

    static CapacityForecast of(LoadPlan plan) {
        return switch (PlanShape.of(plan)) {
            case PlanShape.Open open ->
                arrivals(open, plan.get(PlanKey.CONNECT_TIMEOUT_MS, 0) + plan.get(PlanKey.RESPONSE_TIMEOUT_MS, 0));
            case PlanShape.HeldUsers held -> users(held);
        };
    }

    /** Arrivals keep coming while answers are late: in flight, the rate times the longer of the sleep and timeouts. */
    private static CapacityForecast arrivals(PlanShape.Open open, long timeoutsMs) {
        int rate = open.arrivalsPerSecond();
        return new CapacityForecast(true, rate, (long) Math.ceil(rate * open.sleepMs() / 1000.0), (long)
                Math.ceil(rate * Math.max(timeoutsMs, open.sleepMs()) / 1000.0));
    }

    private static CapacityForecast users(PlanShape.HeldUsers held) {
        double sleepSeconds = held.sleepMs() / 1000.0;
        // A staged plan's users all send until their stage ends: its peak stage holds every one of them at once.
        double overlap = held instanceof PlanShape.Closed closed && closed.rampUpSeconds() > 0
                ? Math.min(1, closed.loops() * sleepSeconds / closed.rampUpSeconds())
                : 1;
        long expected = (long) Math.ceil(held.users() * overlap);
        return new CapacityForecast(
                false, sleepSeconds > 0 ? expected / sleepSeconds : Double.POSITIVE_INFINITY, expected, held.users());
    }

    /** The client's users at the worst, to size its heap (at least one). */
    int worstUsers() {
        return (int) Math.clamp(worst, 1, Integer.MAX_VALUE);
    }

    /**
     * What the forecast weighs of a run's options ({@link RunOptions#forecastSides}).
     *
     * @param perUserSources every user binds a loopback source address of its own (--source-address per-user, every
     *     server on 127.x)
     * @param clientProcesses --client-processes: 0 for as many as the load needs
     */
    record Sides(
            boolean clientHere,
            ChosenClient client,
            List<Variant> started,
            List<String> startedServerFlags,
            CpuSets cpus,
            boolean perUserSources,
            int clientProcesses) {}

    /** The forecast and each limit, one statement a line; a limit the plan may exceed starts with "warning:". */
    List<String> lines(Sides sides, MachineLimits machine, CpuCosts costs) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(
                Locale.ROOT,
                "forecast: at the peak %s requests/s, %,d in flight if every answer takes the sleep, " + "up to %,d %s",
                Double.isInfinite(peakRate) ? "as many" : String.format(Locale.ROOT, "%,.0f", peakRate),
                expected,
                worst,
                open
                        ? "(rate x (connect + response timeout)) if answers stop"
                        : "(every user holding its connection) if answers are late"));
        boolean clientHere = sides.clientHere();
        List<Variant> started = sides.started();
        if (machine.openFiles() != null) {
            lines.add(openFiles(sides, machine.openFiles()));
        }
        if (!started.isEmpty()) {
            ServerSettings settings = ServerSettings.parse(
                    started.getFirst(), sides.startedServerFlags().toArray(String[]::new));
            lines.add(connectionCap(settings, machine));
        }
        boolean platformThreads = started.stream().anyMatch(THREAD_PER_REQUEST::contains)
                || clientHere && sides.client().threadPerUser();
        if (machine.threads() != null && platformThreads) {
            lines.add(against(
                    machine.threads(),
                    "threads (ulimit -u / pid_max; a thread per request in flight for the platform "
                            + "and pool servers, the JDK ones too, and for --client platform)",
                    "thread creation fails",
                    "--client virtual, or fewer --users / a lower --rate"));
        }
        if (machine.localPorts() != null && clientHere) {
            lines.add(
                    sides.perUserSources()
                            ? String.format(
                                    Locale.ROOT,
                                    "%,d local ports per source address (ip_local_port_range): each user binds a "
                                            + "loopback address of its own (--source-address per-user), so every "
                                            + "connect finds a free port at once",
                                    machine.localPorts())
                            : localPorts(machine.localPorts()));
        }
        if (!Double.isInfinite(peakRate)) {
            lines.add(cores(sides, machine, costs));
        }
        if (machine.load() != null && machine.load() >= machine.cores() / 2.0) {
            lines.add(String.format(
                    Locale.ROOT,
                    "warning: the machine is busy before the load: load average %.1f on %d cores (other programs): they "
                            + "take CPU from the client and the servers, and a client that waits for a core stalls "
                            + "(measured: a third fewer requests on a machine at load 7); run on an idle machine",
                    machine.load(),
                    machine.cores()));
        }
        return lines;
    }

    /** A started server takes connections up to its cap; the rest wait in its accept queue, up to the backlog. */
    private String connectionCap(ServerSettings settings, MachineLimits machine) {
        long cap = settings.maxConnections();
        long backlog =
                machine.somaxconn() == null ? settings.backlog() : Math.min(settings.backlog(), machine.somaxconn());
        long waiting = Math.max(0, worst - cap);
        String head = String.format(
                Locale.ROOT,
                "%,d connections the servers take at once (--max-connections), the rest wait in "
                        + "the kernel's accept queue of %,d (backlog, capped by somaxconn): ",
                cap,
                backlog);
        if (expected > cap + backlog || worst > cap + backlog) {
            return String.format(
                    Locale.ROOT,
                    "warning: %s%,d over the cap at the worst, more than the queue holds: the kernel "
                            + "drops SYNs and JMeter's connects retry after 1, 3, 7 s; use --workers, or fewer --users / a lower --rate",
                    head,
                    waiting);
        }
        return head
                + (waiting > 0
                        ? String.format(
                                Locale.ROOT,
                                "up to %,d wait there at the worst (their time shows as the "
                                        + "kernel accept queue part of the report's timeline)",
                                waiting)
                        : "all fit");
    }

    private String cores(Sides sides, MachineLimits machine, CpuCosts costs) {
        CpuCosts.Cost client =
                sides.clientHere() ? costs.client().get(sides.client().label()) : null;
        List<String> needs = new ArrayList<>();
        Set<String> sources = new java.util.LinkedHashSet<>();
        double clientCores = client == null ? 0 : peakRate * client.ms() / 1000;
        double worstServerCores = 0;
        if (client != null) {
            needs.add(String.format(Locale.ROOT, "the client ~%.1f (%.2f ms a request)", clientCores, client.ms()));
            sources.add(client.from());
        }
        for (Variant variant : sides.started()) {
            CpuCosts.Cost server = costs.server().get(variant.id());
            if (server != null) {
                double serverCores = peakRate * server.ms() / 1000;
                worstServerCores = Math.max(worstServerCores, serverCores);
                needs.add(String.format(
                        Locale.ROOT, "%s ~%.1f (%.2f ms)", variant.shortName(), serverCores, server.ms()));
                sources.add(server.from());
            }
        }
        if (needs.isEmpty()) {
            return "cores: no measured CPU per request for these sides yet (a run of 10,000 requests or more measures it)";
        }
        String head = "cores needed at the peak: " + String.join(", ", needs) + " (CPU per request: "
                + String.join("; ", sources) + "); ";
        CpuSets cpus = sides.cpus();
        if (cpus.shared()) {
            double total = clientCores + worstServerCores;
            return total > machine.cores()
                    ? String.format(
                            Locale.ROOT,
                            "warning: %s%.1f together on %d shared cores: each side will wait for the other's CPU "
                                    + "and the figures will say 'client-bound' or 'machine'; use --workers or --target to put a side "
                                    + "elsewhere, or fewer --users / a lower --rate",
                            head,
                            total,
                            machine.cores())
                    : String.format(Locale.ROOT, "%s%.1f together fit %d shared cores", head, total, machine.cores());
        }
        int clientOwn = cpus.client() == null ? 0 : CpuList.cpus(cpus.client()).cardinality();
        int serverOwn = cpus.server() == null ? 0 : CpuList.cpus(cpus.server()).cardinality();
        boolean clientShort = client != null && clientOwn > 0 && clientCores > clientOwn;
        boolean serverShort = serverOwn > 0 && worstServerCores > serverOwn;
        return clientShort || serverShort
                ? String.format(
                        Locale.ROOT,
                        "warning: %sthe %s will run out of its own cores (client %d, server %d): use --workers, "
                                + "or fewer --users / a lower --rate",
                        head,
                        clientShort && serverShort ? "client and the server" : clientShort ? "client" : "server",
                        clientOwn,
                        serverOwn)
                : String.format(
                        Locale.ROOT,
                        "%seach side fits its own cores (client %d, server %d)",
                        head,
                        clientOwn,
                        serverOwn);
    }

    /**
     * Past half the range, each connect's search for a free port towards that server is a cost the client pays
     * (docs/results.md, "the client's cost").
     */
    private String localPorts(long range) {
        // expected <= worst, so worst >= range is exactly when against(...) warns that the range runs out.
        if (worst >= range || worst * 2 <= range) {
            return against(
                    range,
                    "local ports towards one server (ip_local_port_range)",
                    "connects fail with 'Cannot assign requested address'",
                    "--workers, or fewer --users / a lower --rate");
        }
        return String.format(
                Locale.ROOT,
                "warning: %,d local ports towards one server (ip_local_port_range): %,d of them in use at the worst, "
                        + "so each connect searches a crowded range for a free one, kernel time the client pays (the talk "
                        + "plan on a 2-core machine: 15%% of its CPU; 93%% -> 98%% of the ideal once widened); against a "
                        + "server on 127.x use --source-address per-user (the default: a loopback address per user), "
                        + "elsewhere widen it as root: sysctl -w net.ipv4.ip_local_port_range=\"10000 65000\" "
                        + "(compose's bench has it)",
                range,
                worst);
    }

    /** The open-files limit against the client, which splits its load to fit ({@link ClientSplit}), and the server. */
    private String openFiles(Sides sides, long limit) {
        String what = "open files a process may hold (a connection in flight is a descriptor in "
                + sides.client().program().label() + " and one in the server)";
        if (!sides.clientHere()) {
            return against(limit, what, "connects fail with 'Too many open files'", "fewer --users / a lower --rate");
        }
        int shares = (int) Math.clamp(open ? Math.round(peakRate) : worst, 1, Integer.MAX_VALUE);
        ClientSplit split = ClientSplit.of(
                sides.clientProcesses(), worst, shares, sides.client().program(), limit);
        long perProcess = (worst + split.processes() - 1) / split.processes()
                + sides.client().program().ownDescriptors();
        String client = "client: " + split.why();
        if (perProcess >= limit) {
            return "warning: " + client + "; a process's share still exceeds its limit if answers are late: connects "
                    + "fail with 'Too many open files'; use --client-processes auto (the default)";
        }
        return client + "; each within it";
    }

    private String against(long limit, String what, String consequence, String remedy) {
        String limitLine = String.format(Locale.ROOT, "%,d %s: ", limit, what);
        if (expected >= limit) {
            return "warning: " + limitLine + "the expected peak alone exceeds it: " + consequence + "; use " + remedy;
        }
        if (worst >= limit) {
            return "warning: " + limitLine + "the worst case exceeds it if answers are late: " + consequence + "; use "
                    + remedy;
        }
        return limitLine + "both fit";
    }
}
