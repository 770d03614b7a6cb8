package lab.threads.jmeter;

import com.sun.management.OperatingSystemMXBean;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.client.ClientShare;
import lab.threads.client.Progress;
import lab.threads.jmeter.home.JMeterHome;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.PlanKey;
import lab.threads.process.ParentWatch;

/** Starts {@link JMeterMain} in a JVM of its own: JMeter's engine keeps static state, one test per JVM. */
public final class JMeterFork {

    /** The fork's exit code when the test ran but its dashboard could not be written. */
    public static final int EXIT_NO_DASHBOARD = JMeterMain.EXIT_NO_DASHBOARD;

    private static final long MB = 1024 * 1024;
    /** Heap with no users: JMeter, the engine, the report generator. */
    private static final long BASE_HEAP = 1024 * MB;
    /**
     * HttpClient 4 keeps a client and a pool per user for its whole run, so the heap grows with the users; this
     * bounds a user's share from above (docs/results.md, "the figures behind its settings").
     */
    private static final long HEAP_PER_USER = 200 * 1024;
    /** What HttpClient 4's {@code VersionInfo.getUserAgent} reads for every client built. */
    private static final String HTTPCLIENT_VERSION_RESOURCE = "org/apache/http/client/version.properties";

    private JMeterFork() {}

    /**
     * Starts the run. Its stdout is a pipe the caller must drain ({@link Process#inputReader()}): the
     * {@code client}, {@link Progress} ({@link Progress#parse}), {@code done} and {@code dashboard} lines of
     * {@link JMeterMain}. Its stderr, where failures are explained, goes to {@link JMeterRunSpec#log()}, or to this
     * JVM's stderr when that is null. JMeter's own log goes beside the .jtl ({@code <name>.jmeter.log}).
     * To stop the test early and keep the samples measured so far, send SIGTERM with
     * {@code process.toHandle().destroy()}: {@link Process#destroy()} sends it too but also closes the stdout pipe,
     * losing the last lines.
     */
    public static Process start(JMeterRunSpec spec) throws IOException {
        return start(spec, List.of(), List.of());
    }

    /**
     * @param launcher what goes before {@code java}: {@code taskset -c <cpus>} to pin the client to its own cores, or nothing
     * @param jvmFlags more flags of the fork's JVM, after the lab's own: its recording under --profile, or nothing
     */
    public static Process start(JMeterRunSpec spec, List<String> launcher, List<String> jvmFlags) throws IOException {
        // Extract once here, so JVMs forked at the same time onto one home find it complete.
        JMeterHome.extract(spec.jmeterHome());
        List<String> command = new ArrayList<>(launcher);
        command.addAll(command(spec, jvmFlags));
        // However this JVM ends, SIGKILL included, the fork stops its users and flushes its samples (JMeterMain).
        ProcessBuilder builder = ParentWatch.stopWithThis(new ProcessBuilder(command));
        if (spec.log() == null) {
            builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        } else {
            Files.createDirectories(spec.log().toAbsolutePath().getParent());
            builder.redirectError(spec.log().toFile());
        }
        return builder.start();
    }

    /** The fork's command line: this JVM's java and classpath (under java -jar, the jar's Class-Path too). */
    static List<String> command(JMeterRunSpec spec, List<String> jvmFlags) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // With workers the users, and their memory, are on the workers.
        long heapMegabytes =
                heapMegabytes(spec.workers().isEmpty() ? spec.share().of(spec.users()) : 0, spec.share());
        // The whole heap from the start: growing it under load costs young pauses, and every pause of the client
        // lengthens the elapsed times it records. G1, the default, kept: of the collectors tried it gave the client's
        // figures the least of its own pauses (docs/results.md, "the figures behind its settings").
        command.add("-Xms" + heapMegabytes + "m");
        command.add("-Xmx" + heapMegabytes + "m");
        // A young generation of three quarters of the heap or more, written before the test: left to its pause
        // goal, G1 keeps it small, so frequent young collections copy each user's live HttpClient and parked stack;
        // this size holds the talk plan's load, and the page faults of a first write come at JVM start, not during
        // the load (the start takes longer for it). The figures, and what was tried and rejected: docs/results.md,
        // "the figures behind its settings".
        command.add("-XX:NewSize=" + heapMegabytes * 3 / 4 + "m");
        command.add("-XX:MaxNewSize=" + heapMegabytes * 9 / 10 + "m");
        command.add("-XX:+AlwaysPreTouch");
        // Platform-thread users (PLATFORM) each reserve a stack; JMeter's call depth fits well in 512 KB.
        command.add("-Xss512k");
        // Out of heap, a JVM limps on with some users dead and others starved: stop the test at the first
        // OutOfMemoryError instead, as on SIGTERM (the samples so far flushed), so the runner names the client's
        // failure.
        command.add("-XX:OnOutOfMemoryError=kill -TERM %p");
        // The client's pauses inflate every elapsed time it measures: log them, so a report can tell them apart.
        command.add("-Xlog:gc:file=" + spec.jtl().toAbsolutePath().resolveSibling(LoadClient.JMETER.gcLogFile()));
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("--sun-misc-unsafe-memory-access=allow");
        command.add("-Djava.awt.headless=true");
        // C1 only: over a run of a minute C2's compilations of JMeter and HttpClient cost more CPU than they save, and
        // they run in the ramp-up, on the cores the server needs (docs/results.md, "the figures behind its settings").
        command.add("-XX:TieredStopAtLevel=1");
        // The I/O pollers on platform threads: by default they are virtual threads, queued behind thousands of users
        // starting, so answers already in the socket waited. On platform threads a poller runs as soon as the
        // kernel has an answer for it, whatever the users do.
        command.add("-Djdk.pollerMode=1");
        // Each user's HttpClient lives for its whole run, so nearly all of a young collection survives; promoting it at
        // once copies it once instead of through the survivor spaces, so the client's pauses shrink (docs/results.md,
        // "the figures behind its settings").
        command.add("-XX:MaxTenuringThreshold=0");
        command.addAll(jvmFlags);
        command.add("-cp");
        command.add(classPath());
        command.add(JMeterMain.class.getName());
        command.add("--jmeter-home=" + spec.jmeterHome().toAbsolutePath());
        command.add("--plan=" + spec.plan());
        command.add("--jtl=" + spec.jtl().toAbsolutePath());
        command.add("--dashboard=" + spec.dashboardDir().toAbsolutePath());
        command.add("--client=" + spec.client().label());
        if (spec.share().split()) {
            command.add("--await-go");
        }
        if (!spec.properties().containsKey(PlanKey.USERS.property())) {
            command.add("-J" + PlanKey.USERS.property() + "=" + spec.users());
        }
        spec.properties().forEach((name, value) -> command.add("-J" + name + "=" + value));
        if (!spec.workers().isEmpty()) {
            command.add("--workers=" + String.join(",", spec.workers()));
            command.addAll(spec.rmi().forkArguments());
        }
        return command;
    }

    /**
     * This JVM's classpath with HttpClient 4's jar first. Each user builds its own HttpClient, and every
     * {@code HttpClientBuilder.build()} reads {@code org/apache/http/client/version.properties} for its User-Agent
     * ({@code VersionInfo.getUserAgent}) through the class loader, which searches the jars in classpath order: with
     * httpclient's first, the lookup stops at the first jar, whatever else is on the path. Stock JMeter's sorted lib/
     * also has httpclient-4 before httpclient5.
     */
    static String classPath() {
        String classPath = System.getProperty("java.class.path");
        URL resource = JMeterFork.class.getClassLoader().getResource(HTTPCLIENT_VERSION_RESOURCE);
        try {
            if (resource == null || !(resource.openConnection() instanceof JarURLConnection jar)) {
                return classPath;
            }
            // The fork's CPU this saves: docs/results.md, "the figures behind its settings".
            return Path.of(jar.getJarFileURL().toURI()) + File.pathSeparator + classPath;
        } catch (IOException | URISyntaxException | IllegalArgumentException e) {
            return classPath;
        }
    }

    /**
     * 1 GB + 200 KB per user, the load's processes together at most half the machine's memory: the servers under test
     * need the rest.
     */
    static long heapMegabytes(int users, ClientShare share) {
        long wanted = BASE_HEAP + users * HEAP_PER_USER;
        long physical = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        return Math.min(wanted, physical / 2 / share.count()) / MB;
    }
}
