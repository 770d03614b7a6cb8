package lab.threads.jmeter;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import lab.threads.client.ClientShare;
import lab.threads.client.Progress;
import lab.threads.jmeter.home.JMeterHome;
import lab.threads.jmeter.workers.RmiOptions;
import lab.threads.jmeter.workers.RmiSetup;
import lab.threads.model.plan.PlanKey;
import lab.threads.process.GcPauses;
import lab.threads.process.ParentWatch;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.report.dashboard.ReportGenerator;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Runs one JMeter test in this JVM, then writes its HTML dashboard; one JVM per test ({@link JMeterFork}), as JMeter's
 * engine keeps static state.
 * <p>Stdout lines: {@code client threads=virtual|platform thread_groups=N} once ready (with {@code --await-go}, then
 * {@code ready}, starting on {@code go} from stdin), with {@code --workers} {@code workers <host:port>=<users> ...},
 * {@link Progress} lines every 2 s, {@code done elapsed_s=.. samples=.. errors=.. virtual_thread_samples=..} ({@code
 * workers=N} in place of the last with workers), {@code dashboard path=..}.
 * <p>Files: the .jtl ({@code --jtl}), the dashboard ({@code --dashboard}), JMeter's log ({@code --jmeter-log}, by
 * default {@code <name>.jmeter.log}) and {@code client-stats.jsonl} beside the .jtl ({@link ClientStatsRecorder}).
 * <p>Exit codes: 0 the test ran (sample errors included), 1 unexpected failure or an unreachable worker, 2 bad
 * arguments, plan or paths (nothing ran), 3 no dashboard. On SIGTERM, the parent gone ({@link ParentWatch}) or the
 * first OutOfMemoryError, 143: the .jtl keeps every sample completed before (with workers, but their last second's),
 * and no dashboard is written.
 */
@Command(
        name = "jmeter-main",
        mixinStandardHelpOptions = true,
        description = "Runs a JMeter plan with users on virtual or platform threads; writes a CSV .jtl and "
                + "JMeter's HTML dashboard.")
public final class JMeterMain implements Callable<Integer> {

    /** The fork's exit codes, its contract with the process that started it: the test failed to run... */
    public static final int EXIT_FAILURE = 1;
    /** ...a flag or property was refused before anything ran... */
    public static final int EXIT_USAGE = 2;
    /** ...or the test ran, its samples written, but JMeter's dashboard was not. */
    public static final int EXIT_NO_DASHBOARD = 3;

    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(2);
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    @Option(
            names = "--jmeter-home",
            required = true,
            paramLabel = "DIR",
            description = "JMeter home; its bin/ is extracted from ApacheJMeter_config when missing.")
    private Path jmeterHome;

    @Option(
            names = "--plan",
            required = true,
            paramLabel = "FILE|RESOURCE",
            description = "A .jmx file, or else a classpath resource such as jmeter-plans/talk.jmx.")
    private String plan;

    @Option(
            names = "--jtl",
            required = true,
            paramLabel = "FILE",
            description = "CSV results file to create; must not exist or be empty.")
    private Path jtl;

    @Option(
            names = "--dashboard",
            required = true,
            paramLabel = "DIR",
            description = "HTML dashboard directory; must not exist or be empty.")
    private Path dashboard;

    @Option(
            names = "--client",
            required = true,
            paramLabel = "virtual|platform",
            description = "Threads that run JMeter's users.")
    private JMeterThreads client;

    @Option(
            names = "--jmeter-log",
            paramLabel = "FILE",
            description = "JMeter's own log (default: the .jtl path with .jmeter.log in place of .jtl).")
    private Path jmeterLog;

    @Option(
            names = "--workers",
            split = ",",
            paramLabel = "host:port",
            description = "Run the plan on these JMeter workers (JMeterWorkerMain) instead of in this JVM; "
                    + "-Jusers is the total, spread over them.")
    private List<String> workers = List.of();

    @Option(
            names = "--await-go",
            description = "Once the plan is ready, print '" + ClientShare.READY + "' and start only when a line '"
                    + ClientShare.GO
                    + "' comes on stdin: the processes of a split load start their schedules together.")
    private boolean awaitGo;

    @Mixin
    private RmiOptions rmi;

    @Option(
            names = "-J",
            paramLabel = "name=value",
            description = "A JMeter property, e.g. -Jusers=20000 (plan keys: host, port, users, rampup, loops, "
                    + "sleep_ms, connect_timeout_ms, response_timeout_ms).")
    private Map<String, String> properties = new LinkedHashMap<>();

    /** Listening from the JVM's first moments (before picocli, JMeter and the plan load), for client-stats.jsonl. */
    private final GcPauses gcPauses = GcPauses.watch();

    public static void main(String[] args) {
        System.exit(new CommandLine(new JMeterMain())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .execute(args));
    }

    @Override
    public Integer call() throws Exception {
        try {
            // Its stdout is a pipe to the runner: once the runner is gone, only stderr (jmeter.log) is read.
            ParentWatch.start("jmeter-main", System.err);
        } catch (IllegalArgumentException e) {
            System.err.println("jmeter-main: " + e.getMessage());
            return EXIT_USAGE;
        }
        // It writes nothing before the engine starts.
        ClientStatsRecorder clientStats = new ClientStatsRecorder(jtl, !workers.isEmpty(), gcPauses);
        SampleCounter counter;
        JMeterLoad test;
        try {
            checkOutputs();
            JMeterHome.prepare(jmeterHome, jmeterLog != null ? jmeterLog : defaultJMeterLog());
            // Only now: SampleCounter is a JMeter test element, and loading JMeter classes before prepare() starts
            // log4j without JMeter's configuration, so JMeter's own log was silently lost.
            counter = new SampleCounter();
            configureJMeter();
            HashTree tree = loadPlan();
            HashTree planLevel = tree.getTree(tree.getArray()[0]);
            planLevel.add(counter);
            planLevel.add(jtlWriter());
            test = workers.isEmpty()
                    ? JMeterLoad.local(tree)
                    : new WorkersLoad(tree, workers, properties, rmi.security());
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("jmeter-main: " + e.getMessage());
            return EXIT_USAGE;
        }

        if (awaitGo && !ClientShare.awaitGo(System.in, System.out)) {
            System.err.println("jmeter-main: stdin ended before '" + ClientShare.GO + "': the runner is gone");
            return EXIT_FAILURE;
        }
        long start = System.nanoTime();
        Thread stopOnSignal = new Thread(() -> stopAndDrain(test, counter, start, clientStats), "jmeter-main-stop");
        Runtime.getRuntime().addShutdownHook(stopOnSignal);
        clientStats.start(counter, start);
        try {
            test.start();
        } catch (JMeterEngineException e) {
            Runtime.getRuntime().removeShutdownHook(stopOnSignal); // nothing started runs on: nothing to drain
            clientStats.stop();
            System.err.println("jmeter-main: " + e.getMessage());
            return EXIT_FAILURE;
        }
        awaitEnd(test, counter, start);
        clientStats.stop(); // the last line, after the end
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnSignal);
        } catch (IllegalStateException shuttingDown) {
            return EXIT_FAILURE; // stopped by a signal: the JVM is exiting and the hook has drained the test
        }

        System.out.println("done elapsed_s=" + elapsedSeconds(start) + " samples=" + counter.samples()
                + " errors=" + counter.errors()
                + (workers.isEmpty()
                        ? " virtual_thread_samples=" + counter.samplesOnVirtualThreads()
                        : " workers=" + workers.size()));
        try {
            new ReportGenerator(jtl.toString(), null).generate();
        } catch (Exception e) {
            System.err.println("jmeter-main: the test ran (" + jtl + ") but the dashboard failed: " + e);
            return EXIT_NO_DASHBOARD;
        }
        System.out.println("dashboard path=" + dashboard.toAbsolutePath());
        return 0;
    }

    private void checkOutputs() throws IOException {
        if (Files.exists(jtl) && Files.size(jtl) > 0) {
            throw new IllegalArgumentException("results file " + jtl + " exists and is not empty");
        }
        if (Files.isDirectory(dashboard)) {
            try (Stream<Path> entries = Files.list(dashboard)) {
                if (entries.findAny().isPresent()) {
                    throw new IllegalArgumentException("dashboard directory " + dashboard + " is not empty");
                }
            }
        } else if (Files.exists(dashboard)) {
            throw new IllegalArgumentException("dashboard path " + dashboard + " is not a directory");
        }
        Files.createDirectories(jtl.toAbsolutePath().getParent());
    }

    private Path defaultJMeterLog() {
        String name = jtl.getFileName().toString();
        return jtl.resolveSibling(name.replaceFirst("\\.jtl$", "") + ".jmeter.log");
    }

    private void configureJMeter() throws IOException {
        // The FACTS trap: without this the .jtl timeStamp is the sample's end, not its start.
        JMeterUtils.setProperty("sampleresult.timestamp.start", "true");
        // Exact percentiles: by default the dashboard keeps only the last 20,000 samples per statistic.
        JMeterUtils.setProperty("jmeter.reportgenerator.statistic_window", "-1");
        JMeterUtils.setProperty(
                JMeter.JMETER_REPORT_OUTPUT_DIR_PROPERTY,
                dashboard.toAbsolutePath().toString());
        // Relative by default, i.e. "temp" in whatever directory the JVM started in.
        JMeterUtils.setProperty(
                "jmeter.reportgenerator.temp_dir",
                jtl.toAbsolutePath()
                        .resolveSibling(jtl.getFileName() + ".report-tmp")
                        .toString());
        // Each sample keeps the cause its error answer named (the bundled plans' extractor; "null" without one).
        // Not with workers: their samples come without the column, and JMeter's dashboard then cannot read the file.
        if (workers.isEmpty()) {
            JMeterUtils.setProperty("sample_variables", PlanKey.ERROR_CAUSE.property());
        }
        properties.forEach(JMeterUtils::setProperty);
        SampleEvent.initSampleVariables();
        if (!workers.isEmpty()) {
            RmiSetup.controller(workers.getFirst(), rmi.security());
        }
    }

    private HashTree loadPlan() throws IOException {
        File planFile = planFile();
        HashTree loaded;
        try {
            loaded = SaveService.loadTree(planFile);
        } catch (IOException | RuntimeException e) {
            throw new IOException("cannot load plan " + plan + ": " + e, e);
        }
        FileServer.getFileServer().setBaseForScript(planFile);
        HashTree tree = JMeter.convertSubTree(loaded, true);
        int groups = useClientThreads(tree);
        GuestSamplers.apply(tree, properties);
        System.out.println("client threads=" + client.label() + " thread_groups=" + groups);
        return tree;
    }

    private File planFile() throws IOException {
        Path file = Path.of(plan);
        if (Files.isRegularFile(file)) {
            return file.toFile();
        }
        try (InputStream in = JMeterMain.class.getClassLoader().getResourceAsStream(plan)) {
            if (in == null) {
                throw new IllegalArgumentException("plan " + plan + " is neither a file nor a classpath resource");
            }
            // SaveService loads files only; keep the copy in the home, where JMeter's other files live.
            Path copy = Files.createTempFile(jmeterHome, "plan-", "-" + file.getFileName());
            copy.toFile().deleteOnExit();
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            return copy.toFile();
        }
    }

    /**
     * Puts users on the chosen threads by swapping exact {@code ThreadGroup}s only (setUp/tearDown groups subclass it;
     * the open group is final), so the plan still opens in the GUI.
     *
     * @return the number of thread groups of the plan that run on the chosen threads
     */
    private int useClientThreads(HashTree tree) {
        HashTree planLevel = tree.getTree(tree.getArray()[0]);
        int groups = 0;
        for (Object element : planLevel.list()) {
            boolean closed = element.getClass() == ThreadGroup.class;
            if (closed || element instanceof OpenModelThreadGroup) {
                if (client == JMeterThreads.VIRTUAL) {
                    TestElement virtual = closed ? new VirtualThreadGroup() : new VirtualOpenModelThreadGroup();
                    planLevel.replaceKey(element, withPropertiesOf((TestElement) element, virtual));
                }
                groups++;
            }
        }
        return groups;
    }

    /** {@code replacement} with a copy of every property of {@code stock}: all a plan sets is in its properties. */
    private static <T extends TestElement> T withPropertiesOf(TestElement stock, T replacement) {
        for (PropertyIterator it = stock.propertyIterator(); it.hasNext(); ) {
            replacement.setProperty(it.next().clone());
        }
        return replacement;
    }

    private ResultCollector jtlWriter() {
        SampleSaveConfiguration save = new SampleSaveConfiguration();
        save.setAsXml(false);
        save.setFieldNames(true);
        save.setTimestamp(true);
        save.setTime(true);
        save.setLabel(true);
        save.setCode(true);
        save.setMessage(true);
        save.setThreadName(true);
        save.setDataType(true);
        save.setSuccess(true);
        save.setAssertionResultsFailureMessage(true);
        save.setBytes(true);
        save.setSentBytes(true);
        save.setThreadCounts(true);
        save.setUrl(true);
        save.setLatency(true);
        save.setIdleTime(true);
        save.setConnectTime(true);
        ResultCollector collector = new ResultCollector();
        collector.setName("jtl writer");
        collector.setSaveConfig(save);
        collector.setFilename(jtl.toAbsolutePath().toString());
        return collector;
    }

    private static void awaitEnd(JMeterLoad test, SampleCounter counter, long start)
            throws InterruptedException, ExecutionException {
        boolean ended = false;
        while (!ended) {
            try {
                test.awaitTermination(PROGRESS_EVERY);
                ended = true;
            } catch (TimeoutException e) {
                // still running: report and wait again
            }
            System.out.println(progress(counter, start).format());
        }
    }

    /**
     * On SIGTERM or Ctrl-C: stop the users, so no new load goes out, and report where the test stopped on stdout and in
     * {@code client-stats.jsonl}; ResultCollector's own hook closes the .jtl, keeping what was written.
     */
    private static void stopAndDrain(
            JMeterLoad test, SampleCounter counter, long start, ClientStatsRecorder clientStats) {
        System.out.println("stopping: signal received");
        test.stop();
        try {
            test.awaitTermination(STOP_GRACE);
        } catch (TimeoutException | ExecutionException e) {
            System.err.println("jmeter-main: engine did not end cleanly on stop: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.out.println(progress(counter, start).format());
        clientStats.stop();
    }

    private static Progress progress(SampleCounter counter, long start) {
        return new Progress(elapsedSeconds(start), counter.samples(), counter.errors(), counter.activeUsers());
    }

    private static long elapsedSeconds(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos).toSeconds();
    }
}
