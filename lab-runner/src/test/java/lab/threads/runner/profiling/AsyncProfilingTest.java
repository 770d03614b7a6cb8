package lab.threads.runner.profiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import lab.threads.runner.CpuTimed;
import lab.threads.runner.process.Java;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The async modes on a JVM that starts threads on purpose: async-profiler's CPU samples and lab.jfc's JFR events land
 * in one recording; thread creation shows in native frames (libc's pthread_create), and with async-kernel in the
 * kernel's own.
 */
@Tag(CpuTimed.TAG) // run alone: its assertions count the profiler's CPU samples
class AsyncProfilingTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(
            value = Profiling.Mode.class,
            names = {"ASYNC", "ASYNC_KERNEL"})
    void oneRecordingHoldsAsyncProfilersNativeSamplesAndTheJvmsThreadStarts(Profiling.Mode mode) throws Exception {
        assumeTrue(AsyncProfilerLibrary.resource() != null, "async-profiler has no library for this platform");
        assumeTrue(
                mode != Profiling.Mode.ASYNC_KERNEL || AsyncProfilerLibrary.kernelStacksAllowed(),
                "perf_events hide the kernel here");
        Path recording = dir.resolve("server.jfr");
        List<String> command = new ArrayList<>(List.of(Java.executable()));
        command.addAll(Profiling.prepare(mode, dir).jvmFlags(recording));
        command.addAll(List.of(
                "-cp",
                Path.of(ThreadStartsOnPurpose.class
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI())
                        .toString(),
                ThreadStartsOnPurpose.class.getName()));
        Process jvm = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("jvm.log").toFile())
                .start();
        assertTrue(jvm.waitFor(60, TimeUnit.SECONDS), "the JVM ended");
        assertEquals(0, jvm.exitValue(), Files.readString(dir.resolve("jvm.log")));

        long samples = 0;
        long inNativeCode = 0;
        long inTheKernel = 0;
        long threadStarts = 0;
        for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
            switch (event.getEventType().getName()) {
                case "jdk.ExecutionSample" -> {
                    samples++;
                    List<RecordedFrame> frames = event.getStackTrace().getFrames();
                    inNativeCode +=
                            frames.stream().anyMatch(frame -> frame.getType().equals("Native")) ? 1 : 0;
                    inTheKernel +=
                            frames.stream().anyMatch(frame -> frame.getType().equals("Kernel")) ? 1 : 0;
                }
                case "jdk.ThreadStart" -> threadStarts++;
                default -> {}
            }
        }
        assertTrue(
                samples > 0 && inNativeCode > 0,
                "async-profiler's samples, native frames among them: " + inNativeCode + " of " + samples);
        assertTrue(threadStarts > 100, "lab.jfc's thread starts, recorded beside them: " + threadStarts);
        assertEquals(
                mode == Profiling.Mode.ASYNC_KERNEL,
                inTheKernel > 0,
                "kernel frames: " + inTheKernel + " of " + samples);
    }
}
