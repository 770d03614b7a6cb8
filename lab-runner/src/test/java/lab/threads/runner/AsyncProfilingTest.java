package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --profile async} on a JVM that starts threads on purpose: async-profiler's CPU samples and the JFR events
 * of lab.jfc land in one recording, and where perf_events may see the kernel, thread creation shows there.
 */
class AsyncProfilingTest {

    @TempDir
    Path dir;

    @Test
    void oneRecordingHoldsAsyncProfilersSamplesWithKernelFramesAndTheJvmsThreadStarts() throws Exception {
        Path recording = dir.resolve("server.jfr");
        List<String> command = new ArrayList<>(List.of(Java.executable()));
        command.addAll(Profiling.prepare(Profiling.Mode.ASYNC, dir).jvmFlags(recording));
        command.addAll(List.of("-cp", Path.of(ThreadStartsOnPurpose.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString(), ThreadStartsOnPurpose.class.getName()));
        Process jvm = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("jvm.log").toFile()).start();
        assertTrue(jvm.waitFor(60, TimeUnit.SECONDS), "the JVM ended");
        assertEquals(0, jvm.exitValue(), Files.readString(dir.resolve("jvm.log")));

        long samples = 0;
        long samplesInTheKernel = 0;
        long threadStarts = 0;
        for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
            switch (event.getEventType().getName()) {
                case "jdk.ExecutionSample" -> {
                    samples++;
                    samplesInTheKernel += event.getStackTrace().getFrames().stream().anyMatch(f -> f.getType().equals("Kernel")) ? 1 : 0;
                }
                case "jdk.ThreadStart" -> threadStarts++;
                default -> { }
            }
        }
        assertTrue(samples > 0, "async-profiler's CPU samples");
        assertTrue(threadStarts > 100, "lab.jfc's thread starts, recorded beside them: " + threadStarts);
        if (AsyncProfilerLibrary.kernelStacksAllowed()) {
            assertTrue(samplesInTheKernel > 0, "thread creation is kernel time, and perf_events may see it here");
        }
    }
}
