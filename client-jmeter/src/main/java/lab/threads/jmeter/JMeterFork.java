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
     * HttpClient 4 keeps a client and a pool per user for the run; this bounds a user's heap share (docs/results.md).
     */
    private static final long HEAP_PER_USER = 200 * 1024;
    /** What HttpClient 4's {@code VersionInfo.getUserAgent} reads for every client built. */
    private static final String HTTPCLIENT_VERSION_RESOURCE = "org/apache/http/client/version.properties";

    private JMeterFork() {}

    /**
     * Starts the run. Its stdout is a pipe the caller must drain ({@link Process#inputReader()}) for {@link
     * JMeterMain}'s lines; its stderr goes to {@link JMeterRunSpec#log()} or this JVM's. To stop early and keep the
     * samples, SIGTERM with {@code process.toHandle().destroy()}: {@link Process#destroy()} also closes the pipe,
     * losing the last lines.
     *
     * @param launcher what goes before {@code java} ({@code taskset -c <cpus>}), or nothing
     * @param jvmFlags more flags after the lab's own: its recording under --profile, or nothing
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
        // A young generation of three quarters of the heap or more, written before the test: G1's pause goal would keep
        // it small and copy each user's live HttpClient and stack often; the first-write page faults come at start, not
        // under load (docs/results.md).
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
     * This JVM's classpath with HttpClient 4's jar first: each user's {@code HttpClientBuilder.build()} looks up its
     * {@code version.properties} through the class loader, jar by jar, so it stops at the first (as in stock JMeter's
     * sorted lib/).
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
     * 1 GB + 200 KB per user, the load's processes together at most half the machine's memory, the rest the servers'.
     */
    static long heapMegabytes(int users, ClientShare share) {
        long wanted = BASE_HEAP + users * HEAP_PER_USER;
        long physical = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        return Math.min(wanted, physical / 2 / share.count()) / MB;
    }
}
