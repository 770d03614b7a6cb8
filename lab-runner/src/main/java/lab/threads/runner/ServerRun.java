package lab.threads.runner;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import lab.threads.client.ChosenClient;
import lab.threads.client.ClientShare;
import lab.threads.client.LoadRequest;
import lab.threads.client.Progress;
import lab.threads.common.ServerLauncher;
import lab.threads.common.Variant;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;
import lab.threads.run.JvmSide;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import lab.threads.runner.client.ClientProcessMerge;
import lab.threads.runner.client.ClientSplit;
import lab.threads.runner.database.DatabaseSampler;
import lab.threads.runner.machine.MachineLimits;
import lab.threads.runner.outside.LabProcesses;
import lab.threads.runner.outside.LocalWorkers;
import lab.threads.runner.outside.OutsideSampler;
import lab.threads.runner.process.Backends;
import lab.threads.runner.process.LabHome;
import lab.threads.runner.process.ServerJdk;
import lab.threads.runner.process.ServerPorts;
import lab.threads.runner.process.ServerProcess;
import lab.threads.runner.profiling.Profiling;
import lab.threads.runner.stats.MemoryPlateaus;
import lab.threads.runner.stats.StatsSampler;

/**
 * One server's turn: start it (or use a running one), sample its stats, run the plan against it in the chosen client's
 * fork, stop it gracefully. Returns an outcome in words; never throws for a server's failure, so the next server runs.
 */
final class ServerRun {
    /** Above the servers' default shutdown grace (max sleep + 5 s), so a graceful stop is never cut short. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(70);
    /** A server that has not said "stopping" this long after SIGTERM never handled it: waiting the grace is pointless. */
    private static final Duration STOP_REACTION = Duration.ofSeconds(10);
    /** The client's lines worth a user's eye; the rest (log4j chatter) stays in client-console.log. */
    private static final Pattern ECHOED = Pattern.compile("(client|workers|done|stopping)\\b");
    /** How long a split load's processes may take to be ready together: a fork's start and its heap's first touch. */
    private static final Duration READY_WITHIN = Duration.ofMinutes(3);

    /** What every turn of a run uses: its options, on {@code jdk} (--server-jdk resolved), {@code backends} started. */
    record Spec(RunOptions options, ServerJdk jdk, Backends backends) {}

    private final Variant variant;
    /** A guest's turn, a service the lab did not write; null for one of the lab's servers. */
    private final GuestTurn guest;
    /** The server's or guest's name: its folder, and the start of its lines. */
    private final String id;

    private final Spec spec;
    private final RunOptions options;
    private final LoadPlan plan;
    /** The plan's shape: its ideal, and the users or rate that size the client. */
    private final PlanShape shape;

    private final Path labHome;
    private final Path dir;
    private final Profiling profiling;
    private final PrintStream out;
    /** The client's forks of the load running now: one, or each process of a split load; empty before the first. */
    private volatile List<Process> clientForks = List.of();

    private volatile ServerProcess server;
    private volatile boolean serverDied;
    private final java.util.concurrent.atomic.AtomicBoolean loadStopped =
            new java.util.concurrent.atomic.AtomicBoolean();
    private volatile boolean stopping;

    /**
     * One of the lab's servers ({@code guest} null), or a guest's turn ({@code variant} null): its process, when the lab
     * starts it, runs for the whole run, and is not stopped here.
     */
    ServerRun(
            Variant variant,
            GuestTurn guest,
            Spec spec,
            LoadPlan plan,
            Path labHome,
            Path dir,
            Profiling profiling,
            PrintStream out) {
        this.variant = variant;
        this.guest = guest;
        this.id = variant != null ? variant.id() : guest.name();
        this.spec = spec;
        this.options = spec.options();
        this.plan = plan;
        this.shape = PlanShape.of(plan);
        this.labHome = labHome;
        this.dir = dir;
        this.profiling = profiling;
        this.out = out;
    }

    /** The server's or guest's name: its folder in the case's. */
    String id() {
        return id;
    }

    RunOutcome run() {
        try {
            Files.createDirectories(dir);
            URI target = guest != null ? guest.target() : options.targets().get(variant);
            if (guest != null) {
                RunOutcome gone = guest.gone();
                if (gone != null) {
                    return say(gone);
                }
                guest.onExit(() -> serverDied = !stopping);
            } else if (target == null) {
                RunOutcome refusal = startServer();
                if (refusal != null) {
                    return say(refusal);
                }
                target = server.base();
            }
            if (options.warmupUsers() > 0) {
                warmUp(target);
            }
            return say(loadAndSample(target));
        } catch (IOException | RuntimeException e) {
            // Whatever broke, the next server still runs and what this one measured is still summarised.
            return say(RunOutcome.of(RunOutcome.Kind.RUNNER_FAILED, "runner failed: " + e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return say(RunOutcome.of(RunOutcome.Kind.INTERRUPTED, "interrupted"));
        } finally {
            stopServer();
        }
    }

    /** Ctrl-C: stop the load gracefully (the client's fork flushes its samples) and then the server. */
    void abort() {
        List<Process> running = clientForks;
        running.forEach(fork -> fork.toHandle().destroy());
        try {
            for (Process fork : running) {
                fork.waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stopServer();
    }

    /** @return null when started, else why not */
    private RunOutcome startServer() throws InterruptedException, IOException {
        int port = options.ports().of(variant);
        if (port == ServerPorts.FREE) {
            port = freePort();
        } else if (!portIsFree(port)) {
            int free = freePort();
            out.printf(
                    "%n[%s] port %d on 127.0.0.1 is taken (another run, or a server left running by ./lab server?): "
                            + "this run's server listens on %d instead; %s <port> gives the servers other ports "
                            + "(0: free ones)%n",
                    id, port, free, ServerPorts.OPTION);
            port = free;
        }
        Path jar = spec.jdk().serverJar(labHome, variant);
        if (!Files.isRegularFile(jar)) {
            return RunOutcome.of(
                    RunOutcome.Kind.NOT_RUN,
                    "not run: " + jar
                            + " is missing. Build it with ./mvnw -B package -DskipTests (./lab run builds on first use).");
        }
        out.printf("%n[%s] starting %s (%s)%n", id, jar.getFileName(), variant.threadingModel());
        List<String> flags = new ArrayList<>(options.startedServerFlags());
        // The pools as the plan sizes them, and the database or downstream they connect to.
        flags.addAll(poolFlags());
        flags.addAll(spec.backends().serverFlags());
        // The server's own timestamps of each request, joined with the client's samples by the report.
        flags.add("--request-log=" + dir.resolve(RunFolder.REQUESTS_FILE).toAbsolutePath());
        try {
            server = startOn(port, jar, flags);
        } catch (ServerProcess.ServerFailedException e) {
            if (!e.getMessage().contains(ServerLauncher.PORT_IN_USE)) {
                return RunOutcome.of(RunOutcome.Kind.NOT_RUN, "failed to start: " + e.getMessage());
            }
            // Another run took the port between the check and the bind: once more, on a port free now.
            int free = freePort();
            out.printf("[%s] port %d was taken as the server started: starting it on %d instead%n", id, port, free);
            try {
                server = startOn(free, jar, flags);
            } catch (ServerProcess.ServerFailedException again) {
                return RunOutcome.of(RunOutcome.Kind.NOT_RUN, "failed to start: " + again.getMessage());
            }
        }
        server.onExit(() -> serverDied = !stopping);
        server.writePortTo(dir);
        return null;
    }

    private ServerProcess startOn(int port, Path jar, List<String> flags) throws IOException, InterruptedException {
        List<String> jvmFlags = new ArrayList<>(options.serverJvmFlags());
        // Written on exit: ServerProcess.stop's SIGTERM runs JFR's dump; a SIGKILL loses it.
        jvmFlags.addAll(profiling.jvmFlags(dir.resolve(JvmSide.SERVER.recording())));
        return ServerProcess.start(new ServerProcess.Spec(
                variant,
                jar,
                jvmFlags,
                flags,
                port,
                dir.resolve(RunFolder.SERVER_LOG_FILE),
                options.startTimeout(),
                new ServerProcess.Launch(
                        options.cpus().serverLauncher(), spec.jdk().java())));
    }

    /**
     * A short load before the measured one, on the same server JVM, so its JIT and pools are warm; its samples stay in
     * {@code warmup/} and its outcome only informs.
     */
    private void warmUp(URI target) throws IOException, InterruptedException {
        Path warmup = Files.createDirectories(dir.resolve(RunFolder.WARMUP_DIR));
        out.printf("[%s] warm-up: %d users, 1 loop (samples kept apart in %s)%n", id, options.warmupUsers(), warmup);
        LoadExit exit = runLoad(
                target,
                plan.warmUp(options.warmupUsers()),
                options.warmupUsers(),
                split(options.warmupUsers(), options.warmupUsers()),
                warmup,
                any -> List.of());
        out.printf(
                "[%s] warm-up %s%n",
                id, exit.code() == 0 ? "done" : "ended with exit code " + exit.code() + " (see " + warmup + ")");
    }

    private RunOutcome loadAndSample(URI target) throws IOException, InterruptedException {
        out.printf(
                "[%s] load: %s, %s%s -> %s%n",
                id,
                describedLoad(),
                options.client().describe(),
                options.workers().isEmpty() ? "" : " on " + options.workers().size() + " workers",
                guest != null ? guest.url() : target);
        LoadExit exit = sampledLoad(target);
        if (serverDied) {
            return RunOutcome.of(
                    RunOutcome.Kind.SERVER_DIED,
                    guest != null
                            ? guest.diedWords()
                            : "server died mid-run (exit " + server.exitCode() + "): see "
                                    + dir.resolve(RunFolder.SERVER_LOG_FILE));
        }
        if (exit.code() == 0) {
            return RunOutcome.OK;
        }
        return clientFailed(exit);
    }

    /** The pools as the plan sizes them, as the servers' own flags: each key the servers take is their flag too. */
    private List<String> poolFlags() {
        return PlanKey.setBy(PlanKey.SetBy.SERVERS).stream()
                .map(key -> key.flag() + "=" + plan.get(key, 0))
                .toList();
    }

    /** The plan's load in words, for the line that announces it: its rate or users, how long, and each request. */
    private String describedLoad() {
        return plan.model() == PlanModel.CONNECTIONS
                ? String.format(
                        "%s for %d s after a %d s warm-up, each of %d ms",
                        plan.get(PlanKey.RATE, 0) > 0
                                ? plan.get(PlanKey.RATE, 0) + " arrivals/s on at most "
                                        + plan.get(PlanKey.CONNECTIONS, 0) + " connections"
                                : plan.get(PlanKey.CONNECTIONS, 0) + " connections back to back",
                        plan.get(PlanKey.DURATION, 0),
                        plan.get(PlanKey.WARMUP, 0),
                        plan.get(PlanKey.SLEEP_MS, 0))
                : plan.model() == PlanModel.OPEN
                        ? String.format(
                                "%d arrivals/s for %d s after a %d s ramp, each of %d ms",
                                plan.get(PlanKey.RATE, 0),
                                plan.get(PlanKey.DURATION, 0),
                                plan.get(PlanKey.RAMPUP, 0),
                                plan.get(PlanKey.SLEEP_MS, 0))
                        : shape instanceof PlanShape.Staged staged
                                ? String.format(
                                        "users by stage up to %d, back to back, each request %d ms",
                                        staged.users(), plan.get(PlanKey.SLEEP_MS, 0))
                                : String.format(
                                        "%d users, %d loops of %s",
                                        plan.get(PlanKey.USERS, 0),
                                        plan.get(PlanKey.LOOPS, 0),
                                        guest != null ? "a GET" : plan.get(PlanKey.SLEEP_MS, 0) + " ms");
    }

    /**
     * The measured load, with the server's, machine's, database's and memory samplers; a guest told of its start and
     * end.
     */
    private LoadExit sampledLoad(URI target) throws IOException, InterruptedException {
        LoadExit exit;
        if (guest != null) {
            guest.loadStarts(dir);
        }
        try (StatsSampler sampler = guest != null
                        ? null
                        : new StatsSampler(
                                target, dir.resolve(RunFolder.STATS_FILE), dir.resolve(RunFolder.SERVER_SECONDS_FILE));
                OutsideSampler outside = guest != null
                        ? OutsideSampler.startGuest(dir, guest.port(), guest.pid(), this::clientNow, labProcesses())
                        : OutsideSampler.start(
                                dir,
                                target.getPort(),
                                server == null ? OptionalLong.empty() : OptionalLong.of(server.pid()),
                                this::clientNow,
                                labProcesses());
                DatabaseSampler database = spec.backends().sampleDatabase(dir.resolve(RunFolder.DATABASE_FILE));
                MemoryPlateaus memory = guest != null
                        ? null
                        : MemoryPlateaus.startIfHolding(shape, target, dir.resolve(RunFolder.MEMORY_FILE))
                                .orElse(null)) {
            int worst = worstConnections();
            ClientSplit split = split(worst, shape instanceof PlanShape.Open open ? open.arrivalsPerSecond() : worst);
            if (split.split()) {
                out.printf("[%s] client: %s%n", id, split.why());
            }
            split.writeTo(dir);
            exit = runLoad(
                    target,
                    plan,
                    worst,
                    split,
                    dir,
                    processDir -> profiling.jvmFlags(processDir.resolve(JvmSide.CLIENT.recording())));
        }
        if (guest != null) {
            guest.loadEnded(dir);
        }
        return exit;
    }

    /** The outcome of a load whose client ended with a non-zero exit code, and where its logs say why. */
    private RunOutcome clientFailed(LoadExit exit) {
        LoadClient program = options.client().program();
        String client = program.label() + exit.which();
        String see = ": see " + exit.dir().resolve(program.logFile());
        Optional<String> lost = options.client().lostAtTheEnd(exit.code());
        if (lost.isPresent()) {
            return RunOutcome.of(
                    RunOutcome.Kind.NO_DASHBOARD,
                    client + " ended with exit code " + exit.code() + ": its plan ran to the end, " + lost.get() + see);
        }
        return RunOutcome.of(
                RunOutcome.Kind.CLIENT_FAILED,
                client + " ended with exit code " + exit.code()
                        + (clientOutOfHeap(program, exit.dir())
                                ? ": the client (" + client
                                        + ") ran out of heap (OutOfMemoryError), its samples up to then are kept"
                                : "")
                        + see);
    }

    /**
     * How a load's forks ended: the first non-zero exit code of its processes, 0 when every one ended well; {@code dir}
     * where its logs say why.
     */
    private record LoadExit(int code, Path dir, ClientShare share) {
        /** " (process 2 of 3)" for a split load's process, nothing for a load of one. */
        String which() {
            return share.split() ? " (" + share.words() + ")" : "";
        }
    }

    /**
     * The connections the client holds at the worst: every user of a plan of users; the open plan's arrivals until
     * their timeouts; arrivals at a rate on the client's own connections, those connections.
     */
    private int worstConnections() {
        return switch (shape) {
            case PlanShape.HeldUsers held -> held.users();
            case PlanShape.Open open ->
                plan.model() == PlanModel.OPEN
                        ? CapacityForecast.of(plan).worstUsers()
                        : Math.toIntExact(plan.get(PlanKey.CONNECTIONS, 0));
        };
    }

    /** The processes that send a load of {@code worst} connections at the worst, which {@code shares} can be split. */
    private ClientSplit split(int worst, int shares) {
        return options.workers().isEmpty()
                ? ClientSplit.of(
                        options.clientProcesses(),
                        worst,
                        shares,
                        options.client().program(),
                        MachineLimits.here().openFiles())
                : ClientSplit.ON_WORKERS;
    }

    /** A fork stops itself on its first OutOfMemoryError, which its JVM or its engine wrote down in one of its logs. */
    private boolean clientOutOfHeap(LoadClient program, Path forkDir) {
        return Stream.concat(Stream.of(RunFolder.CLIENT_CONSOLE_FILE), program.logFiles().stream())
                .map(forkDir::resolve)
                .anyMatch(file -> {
                    try {
                        return Files.isRegularFile(file)
                                && Files.readString(file).contains("OutOfMemoryError");
                    } catch (IOException | java.io.UncheckedIOException e) {
                        return false;
                    }
                });
    }

    /**
     * One load of the plan against {@code target} in the client's forks, their files in {@code into}: one fork, or each
     * process of a split load in its own {@code client-<n>/}, started together and merged at the end ({@link
     * ClientProcessMerge}). Their shared files go in the case's own folder: a shared one under --out may belong to
     * another user.
     *
     * @param users the users (or connections) at the worst, all processes together
     * @param jvmFlags each fork's own, given its folder (the measured load's recording under --profile)
     */
    private LoadExit runLoad(
            URI target, LoadPlan load, int users, ClientSplit split, Path into, Function<Path, List<String>> jvmFlags)
            throws IOException, InterruptedException {
        // A guest's path and expected answer.
        LoadPlan aimed = load.withOthers(guest != null ? guest.jmeterProperties() : Map.of());
        if (!split.split()) {
            Process fork = startFork(target, aimed, users, ClientShare.WHOLE, into, jvmFlags.apply(into));
            clientForks = List.of(fork);
            relayProgress(fork, into, null, null);
            return new LoadExit(fork.waitFor(), into, ClientShare.WHOLE);
        }
        List<Process> forks = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        try {
            for (int index = 1; index <= split.processes(); index++) {
                Path processDir = Files.createDirectories(into.resolve(RunFolder.clientProcessDir(index)));
                dirs.add(processDir);
                forks.add(startFork(target, aimed, users, split.share(index), processDir, jvmFlags.apply(processDir)));
            }
        } catch (IOException | RuntimeException e) {
            forks.forEach(fork -> fork.toHandle().destroy());
            throw e;
        }
        clientForks = List.copyOf(forks);
        SplitProgress progress = new SplitProgress(forks.size());
        CountDownLatch ready = new CountDownLatch(forks.size());
        List<Thread> relays = new ArrayList<>();
        for (int i = 0; i < forks.size(); i++) {
            Process fork = forks.get(i);
            Path processDir = dirs.get(i);
            ClientShare share = split.share(i + 1);
            relays.add(Thread.ofPlatform().name("relay-" + share.index()).start(() -> {
                try {
                    relayProgress(fork, processDir, share, new SplitRelay(progress, ready));
                } catch (IOException e) {
                    out.printf("[%s] the client's %s could not be read: %s%n", id, share.words(), e.getMessage());
                }
            }));
        }
        if (!ready.await(READY_WITHIN.toSeconds(), TimeUnit.SECONDS)) {
            out.printf(
                    "[%s] not every client process was ready within %d s: starting those that are%n",
                    id, READY_WITHIN.toSeconds());
        }
        for (Process fork : forks) {
            if (fork.isAlive()) {
                try {
                    fork.outputWriter().write(ClientShare.GO + "\n");
                    fork.outputWriter().flush();
                } catch (IOException gone) {
                    // it ended meanwhile: its exit code says how
                }
            }
        }
        for (Thread relay : relays) {
            relay.join();
        }
        LoadExit exit = new LoadExit(0, into, ClientShare.WHOLE);
        for (int i = 0; i < forks.size(); i++) {
            int code = forks.get(i).waitFor();
            if (code != 0 && exit.code() == 0) {
                exit = new LoadExit(code, dirs.get(i), split.share(i + 1));
            }
        }
        ClientProcessMerge.merge(into);
        return exit;
    }

    /** One fork of the load: the whole plan, or for one process of a split load its share. */
    private Process startFork(URI target, LoadPlan load, int users, ClientShare share, Path into, List<String> jvmFlags)
            throws IOException {
        ChosenClient client = options.client();
        return client.start(new LoadRequest(
                target,
                share.of(load),
                users,
                share,
                new LoadRequest.Files(
                        into.resolve(RunFolder.SAMPLES_FILE),
                        into.resolve(client.program().logFile()),
                        into.resolve(RunFolder.DASHBOARD_DIR),
                        dir.getParent().resolve(RunFolder.CLIENT_HOME_DIR)),
                new LoadRequest.Jvm(
                        LabHome.clientJar(labHome, client.program().module()),
                        options.cpus().clientLauncher(),
                        Stream.concat(options.clientJvmFlags().stream(), jvmFlags.stream())
                                .toList(),
                        server != null && options.cpus().shared()),
                options.workers(),
                options.workerAccess()));
    }

    /** The client's forks running now (a warm-up's have ended), for the outside sampler; empty before the first. */
    private List<ProcessHandle> clientNow() {
        return clientForks.stream().map(Process::toHandle).toList();
    }

    /** For the ledger: the client's workers on this machine, looked up once a turn, and the lab's backends. */
    private LabProcesses labProcesses() {
        return new LabProcesses(LocalWorkers.pids(options.workers()), spec.backends()::outsideTheRunnersTree);
    }

    /** What a split load's processes share while they run: their latest progress, and who is ready to start. */
    private record SplitRelay(SplitProgress progress, CountDownLatch ready) {}

    /** Each process's latest progress line; their sum is the load's. */
    private record SplitProgress(Progress[] latest) {
        SplitProgress(int processes) {
            this(new Progress[processes]);
        }

        /** Records process {@code index}'s line (from 1) and returns the sum of every process's latest. */
        synchronized Progress add(int index, Progress progress) {
            latest[index - 1] = progress;
            long elapsed = 0;
            long samples = 0;
            long errors = 0;
            int active = 0;
            for (Progress each : latest) {
                if (each != null) {
                    elapsed = Math.max(elapsed, each.elapsedSeconds());
                    samples += each.samples();
                    errors += each.errors();
                    active += each.activeUsers();
                }
            }
            return new Progress(elapsed, samples, errors, active);
        }
    }

    /**
     * Shows the fork's progress lines as they come; when the server dies, stops the load so the samples end there. A
     * split load's process names its lines, counts its {@code ready} line and shows the sum of all processes' progress.
     */
    private void relayProgress(Process fork, Path into, ClientShare share, SplitRelay split) throws IOException {
        String who = share == null ? id : id + " p" + share.index();
        boolean counted = false;
        try (BufferedReader lines = fork.inputReader();
                BufferedWriter log = Files.newBufferedWriter(into.resolve(RunFolder.CLIENT_CONSOLE_FILE))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                log.write(line);
                log.newLine();
                Optional<Progress> progress = Progress.parse(line);
                if (split != null && !counted && line.equals(ClientShare.READY)) {
                    split.ready().countDown();
                    counted = true;
                } else if (progress.isPresent()) {
                    if (split == null) {
                        show(progress.get());
                    } else {
                        Progress all = split.progress().add(share.index(), progress.get());
                        if (share.index() == 1) {
                            show(all);
                        }
                    }
                } else if (ECHOED.matcher(line).lookingAt()) {
                    out.println("[" + who + "] " + line);
                }
                if (serverDied) {
                    stopLoad();
                }
            }
        } finally {
            if (split != null && !counted) {
                split.ready().countDown(); // ended before it was ready: the others need not wait for it
            }
        }
    }

    /** The server died: every fork of the load stops, once, its samples so far kept. */
    private void stopLoad() {
        if (!loadStopped.compareAndSet(false, true)) {
            return;
        }
        out.printf("[%s] the server died: stopping the load; the samples so far are kept%n", id);
        // SIGTERM through the handle: Process.destroy() would also close the pipe being read here.
        clientForks.forEach(fork -> fork.toHandle().destroy());
    }

    private void show(Progress progress) {
        // In an open plan each arrival is a user of its own, so the active users are the requests in flight.
        out.printf(
                "[%s] %4d s  samples %,8d  errors %,7d  %s %,6d%n",
                id,
                progress.elapsedSeconds(),
                progress.samples(),
                progress.errors(),
                plan.model() == PlanModel.OPEN ? "in flight" : "active users",
                progress.activeUsers());
    }

    private void stopServer() {
        stopping = true;
        ServerProcess running = server;
        if (running != null && running.isAlive()) {
            try {
                out.printf("[%s] stop: %s%n", id, running.stop(STOP_REACTION, STOP_GRACE));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private RunOutcome say(RunOutcome outcome) {
        out.printf("[%s] %s%n", id, outcome);
        return outcome;
    }

    /** A port the kernel has free now; another process could take it before the server binds, which then says so. */
    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    private static boolean portIsFree(int port) {
        try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }
}
