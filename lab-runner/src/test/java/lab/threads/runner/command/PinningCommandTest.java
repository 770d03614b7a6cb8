package lab.threads.runner.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import lab.threads.report.pinning.PinningReport;
import lab.threads.run.PinningProbe;
import lab.threads.run.PinningRecord;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ./lab pinning end to end on one server, small: the probe's behaviour, not its timings. */
class PinningCommandTest {

    @Test
    void probesEachKindInAFreshServerAndBacksItWithTheServersRecording(@TempDir Path results) throws Exception {
        int exit = PinningCommand.commandLine()
                .execute(
                        "--servers=undertow-virtual",
                        "--kinds=sleep,native",
                        "--requests=6",
                        "--wait-ms=300",
                        "--deadline-ms=3000",
                        "--out=" + results);
        assertEquals(0, exit);
        Path runDir;
        try (Stream<Path> runs = Files.list(results)) {
            runDir = runs.filter(dir -> dir.getFileName().toString().endsWith("-pinning"))
                    .findFirst()
                    .orElseThrow();
        }
        PinningReport report = PinningReport.read(runDir);
        PinningRecord metadata = report.metadata();
        assertEquals(List.of("25"), metadata.serverJdks());
        assertEquals(6, metadata.requests());
        assertEquals(300, metadata.waitMs());
        assertEquals(3000, metadata.deadlineMs());
        assertTrue(
                metadata.machine().command().startsWith("./lab pinning --servers=undertow-virtual"),
                metadata.toString());
        List<PinningProbe> probes = report.probes();
        assertEquals(
                List.of("sleep", "native"),
                probes.stream().map(PinningProbe::kind).toList());
        for (PinningProbe probe : probes) {
            assertTrue(probe.virtual(), "the warm-up answer said: a virtual thread");
            assertEquals(25, probe.jdkFeature());
            assertEquals(0, probe.failed(), probe.toString());
            assertEquals(null, probe.firstFailure(), probe.toString());
            assertTrue(probe.carriers() >= 1, "carrier threads from the recording: " + probe);
            assertTrue(probe.peakOsThreads() > 1, "threads from /proc: " + probe);
        }
        PinningProbe sleep = probes.get(0);
        PinningProbe usleep = probes.get(1);
        assertEquals(6, sleep.completed(), "every sleep answered before the deadline");
        assertEquals(0, sleep.nativeSamples(), "a sleeping virtual thread is not in native code");
        assertTrue(usleep.nativeSamples() > 0, "usleep holds its thread in native code: " + usleep);
        assertTrue(usleep.nativeTop().startsWith("lab.threads.common.NativeSleep.usleep"), usleep.nativeTop());
        String markdown = Files.readString(runDir.resolve(RunFolder.PINNING_MARKDOWN_FILE));
        assertTrue(markdown.contains("| operation (how=) | the talk (early Loom) | JDK 25, measured |"), markdown);
        String index = Files.readString(results.resolve("index.html"));
        assertTrue(index.contains(runDir.getFileName().toString()), index);
        assertTrue(index.contains("JDK 25; 2 wait kinds on 1 servers; 2 probes"), index);
    }

    @Test
    void badOptionsAreRefusedInOneLineBeforeAnythingRuns(@TempDir Path results) {
        PrintStream stderr = System.err;
        try {
            for (String bad : List.of("--kinds=spin", "--servers=nope", "--server-jdk=17", "--deadline-ms=500")) {
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
                assertEquals(2, PinningCommand.commandLine().execute(bad, "--out=" + results), bad);
                String said = err.toString(StandardCharsets.UTF_8).strip();
                assertEquals(1, said.lines().count(), bad + ": " + said);
                assertTrue(said.startsWith("lab: "), said);
            }
        } finally {
            System.setErr(stderr);
        }
        assertFalse(Files.exists(results.resolve("index.html")), "nothing ran");
    }
}
