package lab.threads.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import lab.threads.common.Variant;
import lab.threads.report.CaseReport;
import lab.threads.report.Reports;
import lab.threads.report.ServerFigures;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import lab.threads.run.RunRecord;
import lab.threads.runner.guest.Guest;
import lab.threads.runner.guest.GuestProcess;
import lab.threads.runner.machine.CpuCosts;
import lab.threads.runner.machine.MachineLimits;
import lab.threads.runner.process.Backends;
import lab.threads.runner.process.LabHome;
import lab.threads.runner.process.ServerJdk;
import lab.threads.runner.profiling.Profiling;

/**
 * The pipeline of one {@code ./lab run}: plan (sweep levels x repeats) -> each server in turn -> collect -> summarise
 * -> report, rewritten after every server so a failure later never loses what was measured.
 */
public final class LabRun {
    /** A run's folder name under --out; a comparison's too (compare-<timestamp>). */
    public static final DateTimeFormatter FOLDER = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    private final RunOptions options;
    /** What each server's turn uses of the options, built once the server JDK is ready. */
    private ServerRun.Spec serverRun;
    /** What the servers' waits need, started for the whole run; {@link Backends#NONE} until then. */
    private Backends backends = Backends.NONE;
    /** Each guest's process by its name, for the whole run: those the lab starts are stopped at its end. */
    private Map<String, GuestProcess> guestProcesses = Map.of();

    private final PrintStream out = System.out;
    private final CountDownLatch reported = new CountDownLatch(1);
    private volatile ServerRun current;
    private volatile boolean interrupted;
    private Path runDir;

    public LabRun(RunOptions options) {
        this.options = options;
    }

    /** @return 0 when every server ran to the end, 1 otherwise */
    public int execute(List<String> commandLine) throws IOException {
        runDir = newRunFolder(options.out());
        Path labHome = LabHome.locate();
        List<RunCase> cases = options.cases();
        // Fetched and built (JDK 21) before anything is measured.
        ServerJdk jdk;
        try {
            jdk = ServerJdk.of(options.serverJdk(), labHome, options.startedServers(), out);
            // Before any server: a database or downstream that cannot start refuses the run before its load.
            backends = options.startedServers().isEmpty()
                    ? Backends.NONE
                    : Backends.start(options.waits(), options.largestDbPool(), labHome, runDir, out);
            // Before any load too: a guest that does not become ready refuses the run.
            guestProcesses = options.guests()
                    .processes(
                            runDir,
                            options.startTimeout(),
                            GuestRun.askWait(cases.getFirst().plan()),
                            out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while readying JDK " + options.serverJdk());
        } catch (IllegalArgumentException e) {
            closeBackends();
            throw e;
        }
        serverRun = new ServerRun.Spec(options, jdk, backends);
        RunRecord metadata = RunMetadata.collect(options, labHome, commandLine, backends.describe());
        out.printf(
                "Lab run -> %s (%d case%s x %d server%s); %s%n",
                runDir,
                cases.size(),
                cases.size() == 1 ? "" : "s",
                turns(),
                turns() == 1 ? "" : "s",
                options.client().describe());
        Profiling profiling = Profiling.prepare(options.profile(), runDir);
        if (profiling.on()) {
            out.println("   "
                    + profiling.line(
                            !options.targets().keySet().containsAll(options.servers()),
                            !options.targets().isEmpty()));
        }
        Thread onCtrlC = new Thread(this::interrupt, "lab-interrupt");
        Runtime.getRuntime().addShutdownHook(onCtrlC);

        // Each case's report, by the case's folder.
        Map<String, CaseReport> results = new LinkedHashMap<>();
        boolean allOk = true;
        try {
            for (RunCase runCase : cases) {
                if (interrupted) {
                    break;
                }
                allOk &= runCase(runCase, runDir.resolve(runCase.folder()), labHome, profiling, metadata, results);
                if (cases.size() > 1) {
                    CaseReport.writeSweep(
                            runDir, metadata, options.sweep(), options.plan().name(), results);
                }
            }
            out.println("Report: " + runDir.resolve(RunFolder.HTML_FILE)
                    + (cases.size() > 1
                            ? " (also sweep.md, sweep.json; each case's own report in its folder)"
                            : " (the evidence, charts and errors by cause; also summary.md, .csv, .json)"));
        } finally {
            closeBackends();
            closeGuests();
            writeRunIndex();
            reported.countDown();
            if (!interrupted) {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            }
        }
        return allOk ? 0 : 1;
    }

    /** Stops the database and downstream after the last server, saying if the database died during the run. */
    private void closeBackends() {
        try {
            backends.databaseEvents().forEach(event -> out.println("   " + event));
            backends.close();
        } catch (IOException e) {
            out.println("lab: the database's log could not be read: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the guests the lab started, and their children, after the last load. */
    private void closeGuests() {
        try {
            GuestRun.close(guestProcesses);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The servers and guests each case runs. */
    private int turns() {
        return options.servers().size() + options.guests().guests().size();
    }

    /** The run's folder under --out; null before {@link #execute}. */
    public Path runDir() {
        return runDir;
    }

    /** Every server in turn on one case; its report is rewritten after each server. @return whether all ran */
    private boolean runCase(
            RunCase runCase,
            Path caseDir,
            Path labHome,
            Profiling profiling,
            RunRecord metadata,
            Map<String, CaseReport> results)
            throws IOException {
        PlanShape plan = PlanShape.of(runCase.plan());
        out.printf(
                "%n== %s: plan %s %s: %s%n",
                runCase.folder().isEmpty() ? "run" : runCase.folder(),
                runCase.plan().name(),
                runCase.plan().properties(),
                options.guests().present() && !plan.hasIdeal()
                        ? "no ideal: the guests' own time for a request is not given (--service-ms)"
                        : String.format(
                                "ideal %,d samples in %.0f s = %.1f req/s",
                                plan.idealSamples(), plan.idealDurationSeconds(), plan.idealThroughput()));
        if (!plan.ceilingWords().isEmpty()) {
            out.println("   " + plan.ceilingWords());
        }
        out.println("   cores: " + options.cpus().describe(Runtime.getRuntime().availableProcessors()));
        CapacityForecast.of(runCase.plan())
                .lines(options.forecastSides(), MachineLimits.here(), CpuCosts.load(options.out()))
                .forEach(line -> out.println("   " + line));
        // Before any server: a case cut short (the runner killed) is still summarised from its raw files.
        CaseReport report = CaseReport.start(
                caseDir, metadata.withPlanProperties(runCase.plan().properties()), plan);
        results.put(runCase.folder(), report);
        boolean allOk = true;
        List<ServerRun> turns = new ArrayList<>();
        for (Variant variant : options.servers()) {
            turns.add(new ServerRun(
                    variant, null, serverRun, runCase.plan(), labHome, caseDir.resolve(variant.id()), profiling, out));
        }
        for (Guest guest : options.guests().guests()) {
            turns.add(new ServerRun(
                    null,
                    new GuestTurn(guest, guestProcesses.get(guest.name()), options.guests()),
                    serverRun,
                    runCase.plan(),
                    labHome,
                    caseDir.resolve(guest.name()),
                    profiling,
                    out));
        }
        for (ServerRun turn : turns) {
            if (interrupted) {
                break;
            }
            current = turn;
            RunOutcome outcome = current.run();
            if (interrupted) {
                outcome = outcome.interrupted();
            }
            ServerFigures figures = report.add(turn.id(), outcome);
            if (!figures.outcome().equals(outcome)) {
                out.printf("[%s] %s%n", turn.id(), figures.outcome());
            }
            allOk &= figures.outcome().ok();
            learnCpuCosts(figures, caseDir);
            writeReport(report, caseDir);
        }
        out.println();
        out.print(report.table());
        return allOk;
    }

    /**
     * A case's report after a server; when it cannot be written (the disk full), the run stops with one line saying the
     * raw files stay and ./lab report summarises them.
     */
    private void writeReport(CaseReport report, Path caseDir) throws IOException {
        try {
            report.write();
        } catch (IOException e) {
            throw new IOException(
                    "the report in " + caseDir + " could not be written (" + e.getMessage() + "); the raw files "
                            + "measured so far are kept: free some space, then run ./lab report " + runDir,
                    e);
        }
    }

    /** The forecast's CPU per request, from this server's run; a failure there never fails the run. */
    private void learnCpuCosts(ServerFigures figures, Path caseDir) {
        try {
            CpuCosts.load(options.out())
                    .learn(
                            figures,
                            options.client(),
                            options.out().relativize(caseDir).toString())
                    .save(options.out());
        } catch (IOException | RuntimeException e) {
            out.println("lab: " + options.out().resolve(CpuCosts.FILE)
                    + " (the forecast's CPU per request) not updated: " + e);
        }
    }

    /** The run's own folder, named for when it started; a second run started in the same second gets "-2". */
    static Path newRunFolder(Path out) throws IOException {
        Files.createDirectories(out);
        String name = LocalDateTime.now().format(FOLDER);
        for (int n = 1; ; n++) {
            try {
                return Files.createDirectory(out.resolve(n == 1 ? name : name + "-" + n));
            } catch (FileAlreadyExistsException taken) {
                // Another run's: try the next name.
            }
        }
    }

    /** results/index.html, with this run in it; a failure there never fails the run, whose own report is written. */
    private void writeRunIndex() {
        try {
            out.println("All runs: " + Reports.writeIndex(options.out()));
        } catch (IOException | RuntimeException e) {
            out.println("lab: " + options.out().resolve(RunFolder.HTML_FILE)
                    + " (the index of all runs) not rewritten: " + e);
        }
    }

    /** Shutdown hook: stop the load and the server so the pipeline can write what it measured, then let the JVM go. */
    private void interrupt() {
        interrupted = true;
        ServerRun running = current;
        if (running != null) {
            running.abort();
        }
        try {
            reported.await(90, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
