package lab.threads.runner.profiling;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import lab.threads.run.JfrSettings;

/**
 * {@code --profile}: the JVM flags that make a server JVM or the JMeter fork record itself from start to exit into its
 * server's folder (docs/profiling.md), with the lab's lab.jfc written once per run into the run folder.
 */
public record Profiling(Mode mode, Path settings, Path agent) {
    /** Measured (docs/profiling.md, "What it costs"), said whenever a run records. */
    public static final String COST =
            "cost, measured on 2 cores: none beyond run-to-run noise at 3,000 users; at the talk plan "
                    + "thread per request +9% server CPU per request (docs/profiling.md)";

    static final Profiling OFF = new Profiling(Mode.OFF, null, null);
    /** async-profiler's CPU interval, the same as lab.jfc's jdk.ExecutionSample period, so every mode samples alike. */
    private static final String ASYNC_INTERVAL = "20ms";

    /** What samples the CPU. Every mode but off records lab.jfc's JFR events too. */
    public enum Mode {
        OFF("off"),
        /** The JDK's own sampler: threads running Java code only, so time in the JVM, in native code or the kernel is unseen. */
        JFR("jfr: JDK Flight Recorder with " + JfrSettings.FILE
                + " (Java stacks of running threads every 20 ms, thread starts, "
                + "pinned virtual threads, GC pauses, safepoints, allocation samples)"),
        /** async-profiler on a CPU-time timer per thread: Java and native frames (the JVM, libc's system calls), any user. */
        ASYNC("async: async-profiler's CPU samples every " + ASYNC_INTERVAL
                + " of each thread's CPU time (ctimer: Java and native " + "frames) with " + JfrSettings.FILE
                + "'s JFR events"),
        /** async-profiler on perf_events: the kernel's frames too, at one file descriptor per thread. */
        ASYNC_KERNEL("async-kernel: async-profiler's CPU samples every " + ASYNC_INTERVAL
                + " of CPU time (perf_events: Java, native " + "and kernel frames) with " + JfrSettings.FILE
                + "'s JFR events");

        private final String description;

        Mode(String description) {
            this.description = description;
        }

        public static Mode parse(String value) {
            Mode mode = Arrays.stream(values())
                    .filter(m -> m.label().equals(value.trim().toLowerCase(Locale.ROOT)))
                    .findFirst()
                    .orElseThrow(() ->
                            new IllegalArgumentException("--profile must be off, jfr (the same as --profile alone), "
                                    + "async or async-kernel, got '" + value + "'."));
            if (mode.async() && AsyncProfilerLibrary.resource() == null) {
                throw new IllegalArgumentException(
                        "--profile " + mode.label() + " loads async-profiler's library, which exists "
                                + "for Linux on x64 and arm64 only (this is " + System.getProperty("os.name") + " "
                                + System.getProperty("os.arch") + "): use --profile jfr.");
            }
            if (mode == ASYNC_KERNEL && !AsyncProfilerLibrary.kernelStacksAllowed()) {
                throw new IllegalArgumentException(
                        "--profile async-kernel samples through perf_events, which shows the kernel "
                                + "only to root or with kernel.perf_event_paranoid at 1 or less: run as root, lower it (sysctl -w "
                                + "kernel.perf_event_paranoid=1), or use --profile async (the same without the kernel's frames).");
            }
            return mode;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** For the run's line and its metadata: what is recorded, or "off". */
        public String describe() {
            return description;
        }

        private boolean async() {
            return this == ASYNC || this == ASYNC_KERNEL;
        }
    }

    /** Writes what the flags name into the run folder: lab.jfc, and async-profiler's library for the async modes. */
    public static Profiling prepare(Mode mode, Path runDir) throws IOException {
        if (mode == Mode.OFF) {
            return OFF;
        }
        Path dir = runDir.toAbsolutePath();
        return new Profiling(
                mode,
                JfrSettings.copyTo(dir),
                mode.async() ? AsyncProfilerLibrary.extract(dir.resolve(".async-profiler")) : null);
    }

    public boolean on() {
        return mode != Mode.OFF;
    }

    /** The flags that make a JVM write {@code recording} when it exits; none when off. */
    public List<String> jvmFlags(Path recording) {
        String file = recording.toAbsolutePath().toString();
        return switch (mode) {
            case OFF -> List.of();
            // Deep enough for JMeter's stacks: JFR's default of 64 cuts them, and cut stacks share no base.
            case JFR ->
                List.of(
                        "-XX:FlightRecorderOptions:stackdepth=128",
                        "-XX:StartFlightRecording=settings=" + settings + ",filename=" + file + ",dumponexit=true");
            // jfrsync: async-profiler starts JFR with lab.jfc beside its own sampler and writes both into one file; it
            // turns the JDK's jdk.ExecutionSample off, so the CPU samples are its own.
            case ASYNC, ASYNC_KERNEL ->
                List.of("-agentpath:" + agent + "=start,event=" + (mode == Mode.ASYNC ? "ctimer" : "cpu") + ",interval="
                        + ASYNC_INTERVAL + ",jfrsync=" + settings + ",file=" + file);
        };
    }

    /** Said once, at the start of a profiled run: what is recorded, where, and what it costs. */
    public String line(boolean serversStarted, boolean serversTargeted) {
        String descriptors = mode == Mode.ASYNC_KERNEL
                ? "; perf_events holds a file descriptor per thread: a server of thousands of threads can run out of them"
                : "";
        return "profile: " + mode.describe() + "; of "
                + (serversStarted ? "each server the lab starts -> <server>/server.jfr and " : "")
                + "the JMeter fork -> <server>/client.jfr"
                + (serversTargeted ? " (--target servers are not recorded: the lab " + "does not start them)" : "")
                + descriptors + "; " + COST;
    }
}
