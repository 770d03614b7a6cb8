package lab.threads.hyperfoil.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.threads.client.ClientShare;
import lab.threads.client.GuestProperties;
import lab.threads.client.LoadRequest;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.UserGroups;
import lab.threads.model.wait.WaitKind;
import lab.threads.process.ParentWatch;

/**
 * Starts a plan on Hyperfoil ({@code HyperfoilMain}) in a JVM of its own, like the JMeter fork: Netty and Vert.x stay
 * off the runner's classpath, and the runner samples it from outside. It writes {@code samples.jtl} in JMeter's
 * columns; its stdout ({@code client}, {@code done} lines) must be drained, its stderr goes to the load's log. It names
 * none of Hyperfoil's classes (HyperfoilPackagesTest).
 */
final class HyperfoilFork {

    private static final long MB = 1024 * 1024;
    /** Heap with no connections: the engine, its statistics, the per-thread record buffers. */
    private static final long BASE_HEAP_MB = 512;
    /** A connection's Netty channel, buffers and session: far below JMeter's 200 KB a user. */
    private static final long HEAP_PER_CONNECTION = 64 * 1024;

    /** The shortest warm-up (s) after which the fork compiles with C2 alone: the throughput plan's default. */
    static final long C2_ALONE_FROM_WARMUP_S = 10;

    /** C1 alone: cheap compilations for a load too short to repay C2's. */
    static final List<String> C1_ALONE = List.of("-XX:TieredStopAtLevel=1");

    /** C2 alone, on two compiler threads. */
    static final List<String> C2_ALONE = List.of("-XX:-TieredCompilation", "-XX:CICompilerCount=2");

    private HyperfoilFork() {}

    /**
     * @param load the plan (for one process of a split load, its share), its requests and a guest's ({@link
     *     GuestProperties})
     * @param eventLoops Hyperfoil's event-loop threads ({@link #eventLoops}), 0: one per core the fork may use
     */
    static Process start(LoadRequest load, int eventLoops) throws IOException {
        Path jar = load.jvm().jar();
        if (!Files.isRegularFile(jar)) {
            throw new IOException(jar + " is missing: build it with ./mvnw -B package -DskipTests (./lab run builds "
                    + "on first use)");
        }
        List<String> command = new ArrayList<>(load.jvm().launcher());
        command.addAll(command(load, eventLoops));
        Path log = load.files().log();
        Files.createDirectories(log.toAbsolutePath().getParent());
        // However this JVM ends, SIGKILL included, the fork stops with it (HyperfoilMain watches its parent).
        return ParentWatch.stopWithThis(new ProcessBuilder(command))
                .redirectError(log.toFile())
                .start();
    }

    /**
     * Hyperfoil's event loops: on cores shared with the server, half of them (at least one), leaving the server's I/O
     * threads their share, as wrk's are told; on cores of its own, 0, one per core (docs/results.md).
     */
    static int eventLoops(boolean sharesCoresWithServer, int cores) {
        return sharesCoresWithServer ? Math.max(1, cores / 2) : 0;
    }

    static List<String> command(LoadRequest load, int eventLoops) {
        LoadPlan plan = load.plan();
        List<UserGroups.Group> groups = UserGroups.of(plan);
        boolean closedUsers = closedUsers(plan);
        long connections = connections(plan, groups, closedUsers);
        long warmupSeconds = plan.get(PlanKey.WARMUP, 0);
        List<String> command = new ArrayList<>(jvm(load, connections, warmupSeconds, closedUsers));
        command.add(PlanKey.HOST.flag() + "=" + load.target().getHost());
        command.add(PlanKey.PORT.flag() + "=" + load.target().getPort());
        command.add(PlanKey.CONNECTIONS.flag() + "=" + connections);
        command.add(PlanKey.RATE.flag() + "=" + plan.get(PlanKey.RATE, 0));
        command.add("--warmup-ms=" + warmupSeconds * 1000);
        command.addAll(users(plan, groups, closedUsers));
        command.add(PlanKey.SLEEP_MS.flag() + "=" + plan.get(PlanKey.SLEEP_MS, 0));
        if (plan.how() != WaitKind.SLEEP) {
            command.add(PlanKey.HOW.flag() + "=" + plan.how().id());
        }
        // A guest's path and query as given, and the status its answers must have.
        Map<String, String> others = plan.others();
        if (others.containsKey(GuestProperties.PATH)) {
            command.add("--path=" + others.get(GuestProperties.PATH));
            command.add("--expect-status=" + others.get(GuestProperties.EXPECT_STATUS));
        }
        command.add("--timeout-ms=" + plan.get(PlanKey.RESPONSE_TIMEOUT_MS, 30_000));
        command.add("--jtl=" + load.files().samples().toAbsolutePath());
        ClientShare share = load.share();
        if (share.split()) {
            command.add("--rid-prefix=" + share.prefix());
            command.add("--await-go=true");
        }
        if (eventLoops > 0) {
            command.add("--threads=" + eventLoops);
        }
        return command;
    }

    /** The connections the fork opens: a staged plan's peak pool, or one per user of a closed plan. */
    private static long connections(LoadPlan plan, List<UserGroups.Group> groups, boolean closedUsers) {
        if (closedUsers) {
            return plan.get(PlanKey.USERS, 0);
        }
        return groups.isEmpty() ? plan.get(PlanKey.CONNECTIONS, 0) : UserGroups.peakUsers(groups);
    }

    /** The java command up to the fork's jar: its heap for the connections, its GC log and its compilers. */
    private static List<String> jvm(LoadRequest load, long connections, long warmupSeconds, boolean closedUsers) {
        long heapMb = BASE_HEAP_MB + connections * HEAP_PER_CONNECTION / MB;
        Path jtl = load.files().samples();
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // The whole heap from the start, as the JMeter fork: growing it under load costs pauses.
        command.add("-Xms" + heapMb + "m");
        command.add("-Xmx" + heapMb + "m");
        command.add("-Xlog:gc:file=" + jtl.toAbsolutePath().resolveSibling(LoadClient.HYPERFOIL.gcLogFile()));
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("--sun-misc-unsafe-memory-access=allow");
        // C2 alone after a warm-up long enough for it, so the measured seconds run compiled code; after a short one the
        // tiers stay. Two C2 threads, so its queue empties within the warm-up (docs/results.md).
        if (warmupSeconds >= C2_ALONE_FROM_WARMUP_S) {
            command.addAll(C2_ALONE);
        } else if (closedUsers) {
            // A closed plan has no warm-up and ends after a few requests a user: C2's compilations would cost more
            // CPU than its faster code saves in so short a load, so C1 alone compiles it.
            command.addAll(C1_ALONE);
        }
        command.addAll(load.jvm().flags());
        command.add("-jar");
        command.add(load.jvm().jar().toAbsolutePath().toString());
        return command;
    }

    /** How the users come: a closed plan's users, ramp-up and loops; the throughput plan's duration; or the groups. */
    private static List<String> users(LoadPlan plan, List<UserGroups.Group> groups, boolean closedUsers) {
        if (closedUsers) {
            long connectTimeout = plan.get(PlanKey.CONNECT_TIMEOUT_MS, HyperfoilProgram.CONNECT_TIMEOUT_MS);
            if (connectTimeout != HyperfoilProgram.CONNECT_TIMEOUT_MS) {
                throw new IllegalArgumentException("--client hyperfoil connects with Netty's fixed "
                        + HyperfoilProgram.CONNECT_TIMEOUT_MS + " ms timeout (Hyperfoil 0.25 cannot set another): "
                        + "leave " + PlanKey.CONNECT_TIMEOUT_MS.flag() + " at " + HyperfoilProgram.CONNECT_TIMEOUT_MS
                        + ", or use JMeter (--client virtual).");
            }
            return List.of(
                    PlanKey.USERS.flag() + "=" + plan.get(PlanKey.USERS, 0),
                    "--rampup-ms=" + plan.get(PlanKey.RAMPUP, 0) * 1000,
                    PlanKey.LOOPS.flag() + "=" + plan.get(PlanKey.LOOPS, 1));
        }
        if (groups.isEmpty()) {
            return List.of("--duration-ms=" + plan.get(PlanKey.DURATION, 0) * 1000);
        }
        return List.of("--groups="
                + groups.stream()
                        .map(group -> group.startSecond() + ":" + group.seconds() + ":" + group.users())
                        .collect(java.util.stream.Collectors.joining(",")));
    }

    /** Whether the plan is a closed one of users each sending their loops (talk, smoke), with no groups. */
    static boolean closedUsers(LoadPlan plan) {
        return plan.has(PlanKey.USERS)
                && plan.has(PlanKey.LOOPS)
                && UserGroups.of(plan).isEmpty();
    }
}
