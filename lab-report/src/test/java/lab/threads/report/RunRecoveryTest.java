package lab.threads.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.threads.model.samples.Sample;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a server folder the runner never summarised says about why, read from its files alone. */
class RunRecoveryTest {
    private static final PlanShape PLAN = PlanShape.closed(300, 3, 4, 3000);

    @TempDir
    Path caseDir;

    @Test
    void theRunnersLastSecondJMetersCountAndTheMissingStopLineAreSaid() throws Exception {
        Path server = caseDir.resolve("server-platform");
        long first = JtlFixture.START;
        JtlFixture.write(
                server.resolve(RunFolder.SAMPLES_FILE),
                List.of(
                        new Sample(first, 3000, "200", "", true, 250, 121, 300, 0, null, null),
                        new Sample(first + 500, 3000, "200", "", true, 250, 121, 300, 0, null, null)));
        // The runner's once-a-second series, last written 12.4 s after the first sample began.
        Files.writeString(server.resolve(RunFolder.KERNEL_FILE), "{}\n");
        Files.setLastModifiedTime(server.resolve(RunFolder.KERNEL_FILE), FileTime.fromMillis(first + 12_400));
        Files.writeString(server.resolve(RunFolder.CLIENT_CONSOLE_FILE), "client threads=virtual thread_groups=1\n");
        Files.setLastModifiedTime(server.resolve(RunFolder.CLIENT_CONSOLE_FILE), FileTime.fromMillis(first + 11_000));
        Files.writeString(
                server.resolve("jmeter.log"),
                "jmeter-main: the process that started it (pid 7) " + RunRecovery.PARENT_GONE + "\n");
        Files.writeString(server.resolve(RunFolder.SERVER_LOG_FILE), "server-platform ready on http://x/sleep\n");

        assertEquals(
                "interrupted: the runner stopped at t = 12 s, before it summarised this server; JMeter stopped with "
                        + "it at 2 of 1,200 samples; no stop line from the server (killed, or still running: see "
                        + "server.log)",
                RunRecovery.why(server, "server-platform", PLAN).words());
        assertEquals(
                RunOutcome.Kind.INTERRUPTED,
                RunRecovery.why(server, "server-platform", PLAN).kind());

        ServerSummary row =
                ServerSummary.from("server-platform", server, PLAN, RunRecovery.why(server, "server-platform", PLAN));
        assertTrue(row.partial(), "samples that stop early are marked partial");
    }

    @Test
    void aGracefulStopAfterTheRunnerWentIsSaidAndFoldersWithoutRawFilesAreLeftOut() throws Exception {
        Path server = Files.createDirectories(caseDir.resolve("server-virtual"));
        Files.writeString(
                server.resolve(RunFolder.SERVER_LOG_FILE),
                "server-virtual: the process that started it (pid 7) " + RunRecovery.PARENT_GONE
                        + "\nserver-virtual stopping: SIGTERM received\nserver-virtual stopped\n");
        Files.createDirectories(caseDir.resolve("server-pool"));
        Files.createDirectories(caseDir.resolve(RunFolder.CLIENT_HOME_DIR));

        assertEquals(
                "interrupted: the runner stopped before the load began; the server stopped gracefully when the "
                        + "runner was gone",
                RunRecovery.why(server, "server-virtual", PLAN).words());
        List<String> unsummarised = RunRecovery.unsummarised(
                caseDir,
                RunFixture.record(Map.of("servers", List.of("server-platform", "server-virtual"))),
                Set.of("server-platform"));
        assertEquals(List.of("server-virtual"), unsummarised);
        assertFalse(RunRecovery.anySamples(caseDir, unsummarised));
    }

    @Test
    void runJsonGivesBackTheMetadataAndPlan() throws Exception {
        RunRecovery.writeStarted(caseDir, RunFixture.record(Map.of("command", "./lab run --users 300")), PLAN);
        RunReport started = RunRecovery.started(caseDir).orElseThrow();
        assertEquals(PLAN, started.plan());
        assertEquals("./lab run --users 300", started.metadata().machine().command());
        assertTrue(started.servers().isEmpty());
        assertTrue(RunRecovery.started(caseDir.resolve("absent")).isEmpty());
    }
}
