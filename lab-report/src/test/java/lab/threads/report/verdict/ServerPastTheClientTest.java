package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.model.client.LoadClient;
import lab.threads.report.math.Numbers;
import lab.threads.report.raw.ServerView;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import org.junit.jupiter.api.Test;

/**
 * "The server went on working after the client gave up" only when the client gave up. Both sides on recorded runs
 * without a request log (as a --target run has none), where the verdict states the p99 gap instead of the timeline.
 */
class ServerPastTheClientTest {

    private static Path recorded(String name) throws URISyntaxException {
        return Path.of(
                ServerPastTheClientTest.class.getResource("/recorded/" + name).toURI());
    }

    /**
     * Provoked (2026-11-25, commit dce7470): {@code ./lab run --servers async --plan throughput --client hyperfoil
     * --connections 10 --duration 2 --warmup 0 --sleep-ms 400 --response-timeout-ms 200}: Hyperfoil gives up on every
     * request after 200 ms, the server sleeps its 400. Its folder as recorded, without server-requests.csv.
     */
    @Test
    void aServerStillSleepingWhenTheClientTimedOutIsSaidToHaveWorkedOn() throws IOException, URISyntaxException {
        Path folder = recorded("hyperfoil-timeouts-no-log");
        long timeouts = Files.readAllLines(folder.resolve(RunFolder.SAMPLES_FILE)).stream()
                .filter(line -> line.contains("SocketTimeoutException"))
                .count();
        assertTrue(timeouts > 0, "the provoked run timed out");

        ServerSummary summary = ServerSummary.from(
                "server-async", folder, PlanShape.throughput(10, 2, 400), RunOutcome.fromWords("ok"));

        assertTrue(
                summary.serverView().p99Ms() > summary.percentiles().p99(), "the server's p99 is above the client's");
        List<String> findings = summary.validity().findings();
        assertEquals(
                1,
                findings.stream()
                        .filter(finding -> finding.contains("the server went on working on requests after the client "
                                + "had given up on them (" + Numbers.count(timeouts) + " response timeouts)"))
                        .count(),
                findings::toString);
    }

    /**
     * A 0 ms run where nothing was given up: the recorded pinned Hyperfoil run ({@link NoThinkTimeVerdictTest}). Its
     * server's own p99 was once above the client's, its 2 s warm-up in the server's window; the window now starts at
     * the client's first recorded request ({@code ServerViewTest}), and the wording must not depend on either.
     */
    @Test
    void aZeroMsRunWithNoTimeoutIsNotSaidToHaveBeenGivenUpOn() throws IOException, URISyntaxException {
        Path folder = recorded("hyperfoil-async-0ms-pinned");
        assertTrue(Files.readAllLines(folder.resolve(RunFolder.SAMPLES_FILE)).stream()
                .noneMatch(line -> line.contains("Timeout")));

        ServerSummary summary =
                ServerSummary.from("server-async", folder, PlanShape.throughput(100, 5, 0), RunOutcome.fromWords("ok"));

        List<String> findings = summary.validity().findings();
        assertTrue(findings.stream().noneMatch(finding -> finding.contains("given up on them")), findings::toString);
        assertTrue(findings.stream().noneMatch(finding -> finding.contains("went on working")), findings::toString);
        // The server's p99 above the client's with nothing given up (the run's server window before it opened at the
        // first recorded request): said to be of other requests, not of work past the client.
        String gap = ClientFindings.p99Gap(
                        new ServerView(1_500, 1, 2, 90, 90, 90, "", ""), 36, 0, 1_000, LoadClient.JMETER)
                .orElseThrow()
                .words();
        assertTrue(
                gap.contains("the client gave up on none (no response timeout)")
                        && gap.contains("timed 1,500 responses"),
                gap);
        assertTrue(!gap.contains("went on working"), gap);
    }
}
