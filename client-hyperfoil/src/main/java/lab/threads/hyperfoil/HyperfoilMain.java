package lab.threads.hyperfoil;

import static io.hyperfoil.http.steps.HttpStepCatalog.SC;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkBuilder;
import io.hyperfoil.api.config.PhaseBuilder;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.http.api.HttpMethod;
import io.hyperfoil.http.config.ConnectionStrategy;
import io.hyperfoil.http.config.HttpPluginBuilder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import lab.threads.client.ClientShare;
import lab.threads.client.ClientStats;
import lab.threads.hyperfoil.fork.HyperfoilProgram;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.UserGroups;
import lab.threads.model.wait.WaitKind;
import lab.threads.process.GcPauses;
import lab.threads.process.ParentWatch;

/**
 * A plan on Hyperfoil's engine, run locally ({@link LocalSimulationRunner}). The throughput plan: {@code connections}
 * sessions sending {@code GET /sleep?ms=N&rid=K} back to back on as many keep-alive connections (or arrivals at {@code
 * --rate}), a warm-up then the measured duration. A closed plan: users over the ramp-up, each its loops on its own
 * connection ({@link UserRamp}), every request a record ({@link UserLedger}). Health goes to {@code client-stats.jsonl}
 * ({@link ClientStats}); prints {@code done <records>} at the end.
 */
public final class HyperfoilMain {

    /** Request ids, one counter per run as JMeter's {@code __counter}: joins a record to the server's log line. */
    private static final AtomicLong RIDS = new AtomicLong();

    private HyperfoilMain() {}

    /** Exit code when the run measured nothing: no connection, or no measured phase. */
    static final int EXIT_NOTHING_MEASURED = 2;
    /** Exit code when the run outlived its plan (a connection pool that never fills waits for ever). */
    static final int EXIT_OVERRAN = 3;

    public static void main(String[] args) throws Exception {
        // Its stdout is a pipe to the runner: the line saying why it stops goes to stderr, its log.
        ParentWatch.start("hyperfoil fork", System.err);
        PlanFlags plan = PlanFlags.parse(args);
        if (plan.awaitGo() && !ClientShare.awaitGo(System.in, System.out)) {
            System.err.println("hyperfoil: stdin ended before '" + ClientShare.GO + "': the runner is gone");
            System.exit(1);
        }
        Thread watch = Thread.ofPlatform().daemon().name("overrun-watch").start(() -> haltAfter(plan.deadlineMs()));
        int exit = run(plan);
        watch.interrupt();
        if (exit != 0) {
            System.exit(exit);
        }
    }

    /** Stops the JVM once the plan's whole time is over: the records and client stats so far stay on disk. */
    private static void haltAfter(long deadlineMs) {
        try {
            Thread.sleep(deadlineMs);
        } catch (InterruptedException e) {
            return;
        }
        System.err.println("hyperfoil: still running " + deadlineMs / 1000 + " s after its start, past the warm-up, "
                + "the duration, the request timeout and the time to open its connections: stopped (the records so "
                + "far are kept). Its own log lines (stdout) say which connections it could not open.");
        System.exit(EXIT_OVERRAN);
    }

    /** The plan's run; 0, or {@link #EXIT_NOTHING_MEASURED} with the reason on stderr. */
    static int run(PlanFlags plan) throws Exception {
        // First thing: the pauses of the JVM's start count too.
        GcPauses gcPauses = GcPauses.watch();
        ClientStats stats = new ClientStats(plan.jtl(), "hyperfoil-main", gcPauses);
        UserLedger ledger = plan.users() != null ? new UserLedger(plan.users(), plan.ridPrefix()) : null;
        if (ledger != null) {
            ConnectFailures.report(ledger);
        }
        try (SampleWriter writer = new SampleWriter(plan.jtl(), plan.label())) {
            RequestRecorder recorder = new RequestRecorder(
                    writer,
                    SampleWriter.discarding(plan.label()),
                    "http://" + plan.host() + ":" + plan.port(),
                    plan.connections(),
                    plan.timeoutMs(),
                    plan.expectStatus(),
                    stats::loadStartsAt,
                    ledger);
            RequestRecorder.current = recorder;
            String load = plan.users() != null ? plan.users().count() + " users" : plan.connections() + " connections";
            System.out.println("client hyperfoil " + load + ", " + plan.threads() + " event loops");
            // On an early exit (SIGTERM, an overrun) the last stats line and the records buffered so far still land.
            Thread lastLine = new Thread(
                    () -> {
                        stats.stop();
                        try {
                            writer.close();
                        } catch (java.io.IOException e) {
                            System.err.println("hyperfoil: the records' last lines could not be written: " + e);
                        }
                    },
                    "client-stats-stop");
            Runtime.getRuntime().addShutdownHook(lastLine);
            // elapsedMs 0 where the measured phase starts, as a JMeter line's is where its schedule starts: planned
            // here, moved by the recorder to the first measured request (opening thousands of connections and the
            // warm-up's last answers take what they take).
            stats.start(
                    () -> counts(recorder),
                    System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(plan.warmupMs()));
            new LocalSimulationRunner(benchmark(plan)).run();
            long unrecorded = recorder.writeUnrecorded(() -> "http://" + plan.host() + ":" + plan.port() + path(plan));
            if (unrecorded > 0) {
                System.out.println("hyperfoil: " + unrecorded + " requests its users did not send or record, "
                        + "written as errors with their cause");
            }
            stats.stop();
            Runtime.getRuntime().removeShutdownHook(lastLine);
        }
        System.out.println("done " + RIDS.get() + " requests, " + RequestRecorder.current.measuredCpu());
        if (RequestRecorder.current.records() == 0) {
            System.err.println("hyperfoil: no request was measured: it never reached its measured phase. Its log "
                    + "lines (stdout) say why; 'Cannot assign requested address' means the local port range ran out: "
                    + plan.connections() + " connections from one source address need as many free local ports "
                    + "(net.ipv4.ip_local_port_range), and a run just before holds its closed ones in TIME_WAIT for "
                    + "60 s.");
            return EXIT_NOTHING_MEASURED;
        }
        return 0;
    }

    /**
     * Hyperfoil's figures for {@code client-stats.jsonl}: the measured requests recorded and failed so far, and the
     * users active.
     */
    private static Map<String, Object> counts(RequestRecorder recorder) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("samplesCompleted", recorder.records());
        line.put("errors", recorder.errors());
        line.put("activeUsers", recorder.activeUsers());
        return line;
    }

    static Benchmark benchmark(PlanFlags plan) {
        if (plan.users() != null) {
            return closedUsers(plan);
        }
        BenchmarkBuilder benchmark =
                BenchmarkBuilder.builder().name("throughput").threads(plan.threads());
        benchmark
                .addPlugin(HttpPluginBuilder::new)
                .http()
                .host(plan.host())
                .port(plan.port())
                .sharedConnections(plan.connections())
                .rawBytesHandlers(true)
                .requestTimeout(plan.timeoutMs());
        if (!plan.groups().isEmpty()) {
            // A spike's or step plan's groups: each its users back to back from its start for its time, all measured.
            for (int i = 0; i < plan.groups().size(); i++) {
                UserGroups.Group group = plan.groups().get(i);
                request(
                        benchmark
                                .addPhase("group-" + (i + 1))
                                .always(group.users())
                                .startTime(group.startSecond() * 1000)
                                .duration(group.seconds() * 1000),
                        plan,
                        RequestRecorder.Hook.MEASURED);
            }
            return benchmark.build();
        }
        if (plan.warmupMs() > 0) {
            request(
                    phase(benchmark, "warmup", plan).duration(plan.warmupMs()).isWarmup(true),
                    plan,
                    RequestRecorder.Hook.WARMUP);
        }
        PhaseBuilder<?> measured = phase(benchmark, "measured", plan).duration(plan.durationMs());
        if (plan.warmupMs() > 0) {
            measured.startAfterStrict("warmup");
        }
        request(measured, plan, RequestRecorder.Hook.MEASURED);
        return benchmark.build();
    }

    /**
     * A closed plan's users: arrivals evenly spaced over the ramp-up, each a session the ledger admits as a user,
     * sending its loops one after another on a connection it opens at its first request and keeps ({@code
     * OPEN_ON_REQUEST}), as a JMeter user does: no pool is opened before the load.
     */
    private static Benchmark closedUsers(PlanFlags plan) {
        UserRamp ramp = plan.users();
        BenchmarkBuilder benchmark = BenchmarkBuilder.builder().name("users").threads(plan.threads());
        benchmark
                .addPlugin(HttpPluginBuilder::new)
                // An error answer does not end the user: it sends its next loops, as a JMeter user does.
                .ergonomics()
                .stopOnInvalid(false)
                .endErgonomics()
                .http()
                .host(plan.host())
                .port(plan.port())
                .connectionStrategy(ConnectionStrategy.OPEN_ON_REQUEST)
                .rawBytesHandlers(true)
                .requestTimeout(plan.timeoutMs());
        PhaseBuilder.Catalog catalog = benchmark.addPhase("users");
        PhaseBuilder<?> phase = ramp.atOnce()
                ? catalog.atOnce(ramp.count())
                : catalog.constantRate(0)
                        .usersPerSec(ramp.usersPerSecond())
                        .variance(false)
                        // An arrival racing the last user's start finds a session too, and the ledger stops it.
                        .maxSessions(ramp.count() + 1)
                        .duration(ramp.phaseMs());
        var sequence = phase.scenario().initialSequence("user").step(RequestRecorder.UserStart.ADMIT);
        for (int loop = 0; loop < ramp.loops(); loop++) {
            sendsOne(sequence.step(SC), plan, RequestRecorder.Hook.MEASURED);
        }
        return benchmark.build();
    }

    /**
     * Back to back ({@code always}), or arrivals at a fixed Poisson-spaced rate ({@code constantRate}, as JMeter's open
     * model) due whatever the answers, on at most {@code connections} sessions.
     */
    private static PhaseBuilder<?> phase(BenchmarkBuilder benchmark, String name, PlanFlags plan) {
        PhaseBuilder.Catalog phase = benchmark.addPhase(name);
        return plan.rate() > 0
                ? phase.constantRate(plan.rate()).maxSessions(plan.connections())
                : phase.always(plan.connections());
    }

    /**
     * The phase's one request, recorded by {@code hook}: {@code /sleep} with its request id, or a guest's {@code
     * --path}.
     */
    private static void request(PhaseBuilder<?> phase, PlanFlags plan, RequestRecorder.Hook hook) {
        sendsOne(phase.scenario().initialSequence("request").step(SC), plan, hook);
    }

    /** One request of the sequence, with a request id of its own, recorded by {@code hook}. */
    private static void sendsOne(
            io.hyperfoil.http.steps.HttpStepCatalog steps, PlanFlags plan, RequestRecorder.Hook hook) {
        steps.httpRequest(HttpMethod.GET)
                .path(session -> {
                    String path = path(plan);
                    RequestRecorder.current.begins(session, path);
                    return path;
                })
                .handler()
                .status(hook)
                .rawBytes(hook)
                .onCompletion(hook);
    }

    /** The next request's path: the lab's {@code /sleep} with a new request id, or a guest's path as given. */
    private static String path(PlanFlags plan) {
        long rid = RIDS.incrementAndGet();
        return plan.path() != null
                ? plan.path()
                : "/sleep?ms=" + plan.sleepMs() + plan.howQuery() + "&rid=" + plan.ridPrefix() + rid;
    }

    /**
     * The plan from {@code --name=value} arguments: the throughput plan's connections, duration, warm-up and rate; a
     * staged plan's {@code groups}; or a closed plan's {@code users} ({@link UserRamp}). A guest's {@code path}
     * replaces {@code /sleep}; {@code expect-status} above 0 is the one success, else any below 400.
     */
    record PlanFlags(
            String host,
            int port,
            int connections,
            int rate,
            long warmupMs,
            long durationMs,
            int sleepMs,
            long timeoutMs,
            int threads,
            Path jtl,
            String how,
            String path,
            int expectStatus,
            String ridPrefix,
            boolean awaitGo,
            List<UserGroups.Group> groups,
            UserRamp users) {

        /**
         * Every record's label, as JMeter names its sampler: {@code GET /sleep}, or the guest's path and query as sent.
         */
        String label() {
            return "GET " + (path != null ? path : "/sleep");
        }

        /** What the path carries after {@code ?ms=N}: {@code &how=X}, or nothing for the plain sleep. */
        String howQuery() {
            return how.equals("sleep") ? "" : "&how=" + how;
        }

        /**
         * How long the whole run may take: the warm-up, the duration, a last request's timeout, and the connects (10 s
         * and 5 ms each); a closed plan's: its phase, each loop's connect and answer timeouts, and the same 10 s.
         */
        long deadlineMs() {
            if (users != null) {
                return users.phaseMs() + users.loops() * (HyperfoilProgram.CONNECT_TIMEOUT_MS + timeoutMs) + 10_000;
            }
            long groupsEnd =
                    groups.stream().mapToLong(UserGroups.Group::endSecond).max().orElse(0) * 1000;
            return warmupMs + Math.max(durationMs, groupsEnd) + timeoutMs + 10_000 + 5L * connections;
        }

        /** {@code --groups=start:seconds:users,...}, each from the schedule's start; none when not given. */
        private static List<UserGroups.Group> groups(String given) {
            if (given == null || given.isBlank()) {
                return List.of();
            }
            return java.util.Arrays.stream(given.split(","))
                    .map(group -> group.split(":"))
                    .map(parts -> new UserGroups.Group(
                            Long.parseLong(parts[0]), Long.parseLong(parts[1]), Integer.parseInt(parts[2])))
                    .toList();
        }

        static PlanFlags parse(String[] args) {
            java.util.Map<String, String> given = new java.util.HashMap<>();
            for (String arg : args) {
                int eq = arg.indexOf('=');
                if (!arg.startsWith("--") || eq < 0) {
                    throw new IllegalArgumentException("expected --name=value, got " + arg);
                }
                given.put(arg.substring(2, eq), arg.substring(eq + 1));
            }
            return new PlanFlags(
                    given.getOrDefault(name(PlanKey.HOST), "127.0.0.1"),
                    Integer.parseInt(required(given, name(PlanKey.PORT))),
                    Integer.parseInt(given.getOrDefault(name(PlanKey.CONNECTIONS), "100")),
                    Integer.parseInt(given.getOrDefault(name(PlanKey.RATE), "0")),
                    Long.parseLong(given.getOrDefault("warmup-ms", "3000")),
                    Long.parseLong(given.getOrDefault("duration-ms", "10000")),
                    Integer.parseInt(given.getOrDefault(name(PlanKey.SLEEP_MS), "0")),
                    Long.parseLong(given.getOrDefault("timeout-ms", "30000")),
                    Integer.parseInt(given.getOrDefault(
                            "threads", Integer.toString(Runtime.getRuntime().availableProcessors()))),
                    Path.of(required(given, "jtl")),
                    given.getOrDefault(name(PlanKey.HOW), WaitKind.SLEEP.id()),
                    given.get("path"),
                    Integer.parseInt(given.getOrDefault("expect-status", "0")),
                    given.getOrDefault("rid-prefix", ""),
                    Boolean.parseBoolean(given.getOrDefault("await-go", "false")),
                    groups(given.get("groups")),
                    users(given));
        }

        /** {@code --users=N --rampup-ms=R --loops=L}: a closed plan's users; none when {@code --users} is not given. */
        private static UserRamp users(java.util.Map<String, String> given) {
            if (!given.containsKey(name(PlanKey.USERS))) {
                return null;
            }
            return new UserRamp(
                    Integer.parseInt(given.get(name(PlanKey.USERS))),
                    Long.parseLong(given.getOrDefault("rampup-ms", "0")),
                    Integer.parseInt(given.getOrDefault(name(PlanKey.LOOPS), "1")));
        }

        /** A plan key's flag of this fork: its option of {@code ./lab run} without the dashes ({@code sleep-ms}). */
        private static String name(PlanKey key) {
            return key.flag().substring(2);
        }

        private static String required(java.util.Map<String, String> given, String name) {
            return java.util.Optional.ofNullable(given.get(name))
                    .orElseThrow(() -> new IllegalArgumentException("missing --" + name + "=..."));
        }
    }
}
