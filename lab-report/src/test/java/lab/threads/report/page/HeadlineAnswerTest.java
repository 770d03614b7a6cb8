package lab.threads.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.report.RunFixture;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.Verdict;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The answer a run's page and summary.md open with: which servers carried the plan (the ideal and the errors both
 * count), on how many threads, or the closest when none did; and whether the client or the machine held figures back.
 */
class HeadlineAnswerTest {

    private static final String BAR = "(at least 90% of the ideal with at most 1% errors)";

    @TempDir
    Path runDir;

    private List<ServerSummary> servers;

    @BeforeEach
    void threeServers() throws Exception {
        RunReport report = RunFixture.threeServers(runDir);
        servers = report.servers();
    }

    private static ClientVerdict verdict(Verdict verdict, int machineSaturatedSeconds) {
        return new ClientVerdict(
                verdict, List.of(), "", List.of(), List.of(), machineSaturatedSeconds, Map.of(), false);
    }

    private ServerSummary server(int index, double percentOfIdeal, double errorPercent, ClientVerdict validity) {
        return RunFixture.withFigures(servers.get(index), percentOfIdeal, errorPercent, validity);
    }

    @Test
    void noneCarriedNamesTheClosestBySuccessfulAnswersAndTheServersTheClientHeldBack() {
        assertEquals(
                "No server carried the plan " + BAR + "; the closest, server-pool, reached 3.4% of the ideal on "
                        + "10,020 peak threads. The client held back the figures of server-platform and server-virtual.",
                Headline.answer(servers));
    }

    @Test
    void aServerNearTheIdealWithTooManyErrorsDidNotCarryIt() {
        ClientVerdict clean = verdict(Verdict.NO_CLIENT_LIMIT, 0);
        assertEquals(
                "No server carried the plan " + BAR + "; the closest, server-pool, reached 3.4% of the ideal on "
                        + "10,020 peak threads. Neither the client nor the machine held any figure back.",
                Headline.answer(List.of(
                        server(0, 95, 1.5, clean), server(1, servers.get(1).percentOfIdeal(), 0.5, clean))));
    }

    @Test
    void theCarriersAreNamedWithTheirThreadsAndEachServersWordIsSaid() {
        assertEquals(
                "Carried the plan " + BAR + ": server-platform on 5,020 peak threads and server-virtual on 15,020 peak "
                        + "threads. The shared machine held back those of server-virtual: every core was busy and the "
                        + "server got too few of them. For server-pool no server-side record tells.",
                Headline.answer(List.of(
                        server(0, 90, 1, verdict(Verdict.NO_CLIENT_LIMIT, 0)),
                        server(1, 89.9, 0, verdict(Verdict.UNKNOWN, 0)),
                        server(2, 99, 0, verdict(Verdict.MACHINE_BOUND, 4)))));
    }

    @Test
    void busySecondsUnderANoLimitWordAreNotRestatedAsAMachineLimit() {
        assertEquals(
                "Carried the plan " + BAR + ": server-virtual on 15,020 peak threads. Neither the client nor the "
                        + "machine held any figure back.",
                Headline.answer(List.of(server(2, 99, 0, verdict(Verdict.NO_CLIENT_LIMIT, 4)))));
    }

    @Test
    void aServersSentenceSaysTheVerdictTheIdealAndWhatHeldItsSlowestRequests() {
        assertEquals(
                "server-platform: client-bound (client stall); 3.2% of the ideal on 5,020 peak threads, 11.60% errors; "
                        + "slowest 1% held by waiting to be read (4.3 s of 12.0 s); 348 never answered (server: HTTP "
                        + "503).",
                Headline.line(servers.getFirst(), RunFixture.PLAN));
    }
}
