package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.profiling.AsyncProfilerLibrary;
import lab.threads.runner.profiling.Profiling;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --profile} as a flag, a mode, its property twin, and what it refuses; and the flags each mode gives a JVM. */
class ProfileOptionTest {

    @TempDir
    Path dir;

    @Test
    void offByDefaultJfrAloneAsyncByNameAndThePropertyTwin() throws Exception {
        assertEquals(Profiling.Mode.OFF, options().profile());
        assertEquals(Profiling.Mode.JFR, options("--profile").profile());
        assertEquals(Profiling.Mode.ASYNC, options("--profile=async").profile());
        if (AsyncProfilerLibrary.kernelStacksAllowed()) {
            assertEquals(
                    Profiling.Mode.ASYNC_KERNEL,
                    options("--profile=async-kernel").profile());
        }
        assertEquals(
                Profiling.Mode.JFR,
                options("--profile", "--servers=virtual").profile(),
                "a following option is no mode");
        System.setProperty("lab.profile", "jfr");
        try {
            assertEquals(Profiling.Mode.JFR, options().profile());
        } finally {
            System.clearProperty("lab.profile");
        }
    }

    @Test
    void anUnknownModeIsRefusedWithTheChoices() {
        assertEquals(2, LabCommand.commandLine().execute("--profile=sometimes", "--out=" + dir));
    }

    @Test
    void eachModeNamesItsRecordingAndTheLabsSettings() throws Exception {
        Path recording = dir.resolve("server.jfr");
        assertEquals(
                java.util.List.of(), Profiling.prepare(Profiling.Mode.OFF, dir).jvmFlags(recording));

        String jfr = String.join(" ", Profiling.prepare(Profiling.Mode.JFR, dir).jvmFlags(recording));
        assertTrue(
                jfr.contains("-XX:StartFlightRecording=settings="
                                + dir.toAbsolutePath().resolve("lab.jfc"))
                        && jfr.contains("filename=" + recording.toAbsolutePath())
                        && jfr.contains("dumponexit=true"),
                jfr);

        String async =
                String.join(" ", Profiling.prepare(Profiling.Mode.ASYNC, dir).jvmFlags(recording));
        assertTrue(
                async.startsWith("-agentpath:" + dir.toAbsolutePath().resolve(".async-profiler/libasyncProfiler.so")
                                + "=start,event=ctimer,")
                        && async.contains("jfrsync=" + dir.toAbsolutePath().resolve("lab.jfc"))
                        && async.contains("file=" + recording.toAbsolutePath()),
                async);
        String kernel = String.join(
                " ", Profiling.prepare(Profiling.Mode.ASYNC_KERNEL, dir).jvmFlags(recording));
        assertTrue(kernel.contains("=start,event=cpu,"), "perf_events: " + kernel);
    }

    private static RunOptions options(String... args) throws Exception {
        var cli = LabCommand.commandLine();
        cli.parseArgs(args);
        return ((LabCommand) cli.getCommand()).options();
    }
}
