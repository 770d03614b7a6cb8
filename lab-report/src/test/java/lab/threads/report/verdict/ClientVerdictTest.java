package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.ClientHealth;
import lab.threads.model.samples.ClientPoint;
import lab.threads.model.samples.ClientSnapshot;
import lab.threads.model.samples.Sample;
import lab.threads.report.JtlFixture;
import lab.threads.report.math.ArrivalLag;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.math.TimeBreakdown;
import lab.threads.report.raw.ServerSecond;
import lab.threads.report.raw.ServerView;
import org.junit.jupiter.api.Test;

/**
 * The verdict on synthetic runs: the server hands over 100 responses a second for 30 s (its own per-second series),
 * JMeter records them (its samples' ends), the client logs its health each second. Second 0 is the first sample start.
 */
class ClientVerdictTest {

    private static final long START = JtlFixture.START;
    private static final int SECONDS = 30;

    /** A stretch that began a moment before the first sample reads from second 0, never "-0". */
    @Test
    void aStretchIsWordedInWholeSecondsWithNoNegativeZero() {
        assertEquals("t = 0-1 s", new ClientVerdict.Interval(-0.3, 1.2, 10, 0).words());
        assertEquals("t = -3-2 s", new ClientVerdict.Interval(-3.2, 2.4, 10, 0).words());
    }

    @Test
    void aClientThatRecordsEverySecondTheServerAnswersIsNotTheBottleneck() {
        ClientVerdict validity = judge(recorded(second -> 100), client(second -> 30.0, 0), Map.of());

        assertEquals(Verdict.NO_CLIENT_LIMIT, validity.verdict());
        assertEquals(List.of(), validity.clientStalls());
        assertTrue(validity.advice().contains("at most 30% of the machine"), validity.advice());
    }

    @Test
    void secondsWhereTheServerAnsweredAndJMeterRecordedNothingAreAClientStall() {
        // JMeter sees nothing at t = 10-15 s, then records the 500 late responses at once.
        ClientVerdict validity = judge(
                recorded(second -> second >= 10 && second < 15 ? 0 : second == 15 ? 600 : 100),
                client(second -> 30.0, 0),
                Map.of());

        assertEquals(Verdict.CLIENT_BOUND, validity.verdict());
        assertEquals(List.of(new ClientVerdict.Interval(10, 15, 500, 0)), validity.clientStalls());
        assertTrue(
                validity.findings()
                        .getFirst()
                        .startsWith("client stall: JMeter recorded no sample at t = 10-15 s "
                                + "while the server handed over 500 responses (5 s in all)"),
                validity.findings()::toString);
        assertTrue(validity.advice().contains("--workers"), validity.advice());
        assertTrue(validity.oneLine().startsWith("client-bound: client stall"), validity.oneLine());
    }

    /** Each finding and the advice in the words of the client that recorded: never "JMeter" for a Hyperfoil run. */
    @Test
    void aHyperfoilRunsEvidenceNamesHyperfoilAndItsAdviceIsNotToUseIt() {
        ClientVerdict stalled = judge(
                recorded(second -> second == 3 ? 0 : second == 4 ? 200 : 100),
                client(second -> 30.0, 0),
                Map.of(),
                second -> 100,
                LoadClient.HYPERFOIL);
        ClientVerdict outside =
                steadyRun(12, new ServerView(3_000, 1, 1, 1, 1, 1, "a", "b"), null, Map.of(), LoadClient.HYPERFOIL);
        ClientVerdict past = timedOut(5, new ServerView(3_000, 9, 9, 9, 9, 9, "a", "b"), LoadClient.HYPERFOIL);

        assertEquals(Verdict.CLIENT_BOUND, stalled.verdict());
        assertTrue(
                stalled.findings().getFirst().startsWith("client stall: Hyperfoil recorded no sample at t = 3-4 s"),
                stalled.findings()::toString);
        assertTrue(
                outside.findings()
                        .contains("Hyperfoil's p99 12 ms against the server's own 1 ms: 11 ms of it was spent "
                                + "outside the server's handler (client, kernel, network)"),
                outside.findings()::toString);
        assertTrue(
                past.findings().stream()
                        .anyMatch(finding -> finding.startsWith(
                                "the server's own p99 9 ms is above Hyperfoil's 5 ms: the server went on working")),
                past.findings()::toString);
        assertEquals(LoadClient.HYPERFOIL.words().clientBoundAdvice(), stalled.advice());
        assertTrue(
                outside.advice().startsWith("No sign the client was the bottleneck: Hyperfoil recorded responses"),
                outside.advice());
        for (ClientVerdict verdict : List.of(stalled, outside, past)) {
            assertTrue(!verdict.oneLine().contains("JMeter"), verdict::oneLine);
        }
    }

    @Test
    void aFewResponsesCrossingASecondsEdgeAreNoStall() {
        ClientVerdict validity = judge(
                recorded(second -> second == 29 ? 0 : 100),
                client(second -> 30.0, 0),
                Map.of(),
                second -> second == 29 ? 3 : 100);

        assertEquals(Verdict.NO_CLIENT_LIMIT, validity.verdict());
    }

    @Test
    void aBusyClientRecordingUnderHalfOfTheResponsesIsFlaggedWithItsSeconds() {
        ClientVerdict validity = judge(
                recorded(second -> second >= 20 && second < 23 ? 30 : second == 23 ? 310 : 100),
                client(second -> second >= 20 && second < 23 ? 80.0 : 30.0, 0),
                Map.of());

        assertEquals(Verdict.CLIENT_BOUND, validity.verdict());
        assertEquals(List.of(new ClientVerdict.Interval(20, 23, 300, 90)), validity.clientBusyLagging());
        assertTrue(
                validity.findings().getFirst().startsWith("client busy: at t = 20-23 s (3 s)"),
                validity.findings()::toString);
    }

    @Test
    void aLaggingButIdleClientIsNotCalledBusy() {
        ClientVerdict validity = judge(
                recorded(second -> second >= 20 && second < 23 ? 30 : second == 23 ? 310 : 100),
                client(second -> 10.0, 0),
                Map.of());

        assertEquals(List.of(), validity.clientBusyLagging());
    }

    @Test
    void theClientRunningOutOfItsOwnResourcesIsTheClients() {
        ClientVerdict validity = judge(
                recorded(second -> 100),
                client(second -> 30.0, 0),
                Map.of(
                        "client: java.net.SocketException: Too many open files",
                        489L,
                        "server: HTTP 503",
                        12L,
                        "client: java.net.SocketTimeoutException: Read timed out",
                        3L));

        assertEquals(Verdict.CLIENT_BOUND, validity.verdict());
        assertEquals(
                Map.of("client: java.net.SocketException: Too many open files", 489L), validity.clientLimitErrors());
        assertTrue(
                validity.findings().stream()
                        .anyMatch(finding -> finding.startsWith("client limits:")
                                && finding.endsWith("; it held up to 120 open descriptors of its 20,000)")),
                validity.findings()::toString);
    }

    @Test
    void aLongClientGcPauseIsTheClients() {
        ClientVerdict validity = judge(recorded(second -> 100), client(second -> 30.0, 800), Map.of());

        assertEquals(Verdict.CLIENT_BOUND, validity.verdict());
        assertTrue(
                validity.findings().stream()
                        .anyMatch(f ->
                                f.startsWith("client GC: 800 ms of pauses in one second while samples were in flight")),
                validity.findings()::toString);
    }

    @Test
    void aLongGcPauseBeforeAnySampleIsInFlightIsNoSign() {
        // JMeter's System.gc() as the test starts: 700 ms before any sample, so every later line carries it along.
        List<ClientSnapshot> lines = new ArrayList<>();
        lines.add(new ClientSnapshot(
                START - 1_000, 0L, 0L, 0L, 500L << 20, 14L, 0L, 0L, 0L, 0L, 0L, 0L, 2, null, null, false));
        for (ClientSnapshot line : client(second -> 30.0, 0)) {
            boolean starting = line.sampledAtMs() == START;
            lines.add(new ClientSnapshot(
                    line.sampledAtMs(),
                    line.elapsedMs(),
                    line.cpuUserMs(),
                    line.cpuSystemMs(),
                    line.rssBytes(),
                    line.osThreads(),
                    line.gcPauseMs() + 700,
                    line.gcPauses() + 1,
                    700L,
                    starting ? 0L : line.samplesInFlight(),
                    line.machineCpuBusyMs(),
                    line.machineCpuTotalMs(),
                    2,
                    null,
                    null,
                    false));
        }
        ClientVerdict validity = judge(recorded(second -> 100), lines, Map.of());

        assertEquals(Verdict.NO_CLIENT_LIMIT, validity.verdict(), validity::oneLine);
    }

    @Test
    void withoutTheServersSeriesTheVerdictIsUnknown() {
        SampleEnds ends = new SampleEnds();
        recorded(second -> 100).forEach(ends);
        ClientVerdict validity = ClientVerdict.judge(
                ends, List.of(), List.of(), ClientHealth.UNKNOWN, Map.of(), 6_000, null, null, LoadClient.JMETER);

        assertEquals(Verdict.UNKNOWN, validity.verdict());
    }

    /** A guest that serves no per-second series: the client's own record still clears or names the client. */
    @Test
    void withoutTheServersSeriesTheClientsOwnRecordDecides() {
        SampleEnds ends = new SampleEnds();
        recorded(second -> 100).forEach(ends);
        List<ClientSnapshot> client = client(second -> 30.0, 0);
        ClientVerdict clean = ClientVerdict.judge(
                ends,
                List.of(),
                client,
                ClientHealth.of(client, ClientPoint.of(client, 0)),
                Map.of(),
                6_000,
                null,
                null,
                LoadClient.JMETER);
        assertEquals(Verdict.NO_CLIENT_LIMIT, clean.verdict(), clean::oneLine);
        assertTrue(clean.findings().getFirst().contains("client stalls cannot be told"), clean::oneLine);
        assertTrue(clean.advice().contains("its own record shows no pause, limit or stall"), clean::advice);

        ClientVerdict limited = ClientVerdict.judge(
                ends,
                List.of(),
                client,
                ClientHealth.of(client, ClientPoint.of(client, 0)),
                Map.of("client: java.net.SocketException: Too many open files", 12L),
                6_000,
                null,
                null,
                LoadClient.JMETER);
        assertEquals(Verdict.CLIENT_BOUND, limited.verdict(), limited::oneLine);
    }

    @Test
    void theGapBetweenJMetersP99AndTheServersIsStated() {
        ServerView view = new ServerView(3_000, 6_000.2, 6_001, 6_004.4, 6_010, 6_020, "a", "b");
        ClientVerdict validity = steadyRun(13_307, view, null);

        assertTrue(
                validity.findings()
                        .contains("JMeter's p99 13,307 ms against the server's own 6,004 ms: 7,303 ms of it "
                                + "was spent outside the server's handler (client, kernel, network)"),
                validity.findings()::toString);
    }

    @Test
    void aServerTimingRequestsTheClientGaveUpOnIsNotANegativeGap() {
        ServerView view = new ServerView(3_000, 60_000, 120_000, 249_823.4, 250_000, 250_100, "a", "b");
        ClientVerdict validity = timedOut(105_482, view, LoadClient.JMETER);

        assertTrue(
                validity.findings()
                        .contains("the server's own p99 249,823 ms is above JMeter's 105,482 ms: the server went on "
                                + "working on requests after the client had given up on them (30 response "
                                + "timeouts); those answers were never read"),
                validity.findings()::toString);
        assertTrue(
                steadyRun(105_482, view, null).findings().stream()
                        .noneMatch(finding -> finding.contains("given up on them")),
                "no timeout, no giving up");
    }

    @Test
    void aServerWhoseOwnTimingRunsFarPastTheSleepWaitedInsideItself() {
        ServerView queued = new ServerView(3_000, 60_000, 120_000, 249_823.4, 250_000, 250_100, "a", "b");
        ServerView prompt = new ServerView(3_000, 6_000.2, 6_001, 6_604.4, 6_610, 6_620, "a", "b");
        ClientVerdict base = steadyRun(6_000, null, null);

        ClientVerdict waited = base.withServerSide(Map.of(), queued, 6_000, TimeBreakdown.NONE);

        assertTrue(
                waited.findings()
                        .contains("server wait: its own p99 is 249,823 ms for a 6,000 ms sleep: requests waited "
                                + "243,823 ms inside the server (a queue, or a thread to start)"),
                waited.findings()::toString);
        assertEquals(base.verdict(), waited.verdict(), "a fact of the server's side, not a verdict on the client");
        assertEquals(
                base,
                base.withServerSide(Map.of(), prompt, 6_000, TimeBreakdown.NONE),
                "604 ms past the sleep: within 1 s, nothing said");
    }

    @Test
    void anOpenRunsClientBehindItsScheduleIsClientBoundInSeconds() {
        ClientVerdict late = steadyRun(6_000, null, new ArrivalLag.Lateness(22.97, 56.5, 34_948, 81_250, 34.7));
        ClientVerdict kept = steadyRun(6_000, null, new ArrivalLag.Lateness(0.4, 26.8, 0, 32_500, 34.7));

        assertEquals(Verdict.CLIENT_BOUND, late.verdict());
        assertTrue(
                late.findings()
                        .contains("client behind its schedule: arrivals started up to 23.0 s after they were due "
                                + "(at t = 57 s), 34,948 of 81,250 after the schedule's last was due (t = 35 s): the arrival rate the server "
                                + "saw was the client's, not the plan's"),
                late.findings()::toString);
        assertEquals(Verdict.NO_CLIENT_LIMIT, kept.verdict(), kept::oneLine);
        assertTrue(
                kept.findings().contains("arrivals kept to the schedule (at most 0.4 s late)"),
                kept.findings()::toString);
    }

    /** A steady run in which the client gave up on 30 requests (its response timeouts). */
    private static ClientVerdict timedOut(long clientP99, ServerView view, LoadClient recorder) {
        return steadyRun(
                clientP99,
                view,
                null,
                Map.of("client: java.net.SocketTimeoutException: Read timed out", 30L),
                recorder);
    }

    private static ClientVerdict judge(List<Sample> samples, List<ClientSnapshot> client, Map<String, Long> errors) {
        return judge(samples, client, errors, second -> 100, LoadClient.JMETER);
    }

    private static ClientVerdict judge(
            List<Sample> samples, List<ClientSnapshot> client, Map<String, Long> errors, PerSecond served) {
        return judge(samples, client, errors, served, LoadClient.JMETER);
    }

    /** 100 responses a second on both sides, no client record: only the given p99s and arrival lateness differ. */
    private static ClientVerdict steadyRun(long jmeterP99, ServerView view, ArrivalLag.Lateness lateness) {
        return steadyRun(jmeterP99, view, lateness, Map.of(), LoadClient.JMETER);
    }

    private static ClientVerdict steadyRun(
            long jmeterP99,
            ServerView view,
            ArrivalLag.Lateness lateness,
            Map<String, Long> errors,
            LoadClient recorder) {
        SampleEnds ends = new SampleEnds();
        recorded(second -> 100).forEach(ends);
        return ClientVerdict.judge(
                ends,
                server(second -> 100),
                List.of(),
                ClientHealth.UNKNOWN,
                errors,
                jmeterP99,
                view,
                lateness,
                recorder);
    }

    private static ClientVerdict judge(
            List<Sample> samples,
            List<ClientSnapshot> client,
            Map<String, Long> errors,
            PerSecond served,
            LoadClient recorder) {
        SampleEnds ends = new SampleEnds();
        samples.forEach(ends);
        return ClientVerdict.judge(
                ends,
                server(served),
                client,
                ClientHealth.of(client, ClientPoint.of(client, 0)),
                errors,
                6_000,
                null,
                null,
                recorder);
    }

    interface PerSecond {
        long at(int second);
    }

    private static List<ServerSecond> server(PerSecond responses) {
        List<ServerSecond> seconds = new ArrayList<>();
        for (int second = 0; second < SECONDS; second++) {
            seconds.add(new ServerSecond(START / 1000 + second, responses.at(second), 6_000, 6_004, 6_010));
        }
        return seconds;
    }

    /** JMeter's samples: the first starts at second 0; the others end in the middle of their second. */
    private static List<Sample> recorded(PerSecond perSecond) {
        List<Sample> samples =
                new ArrayList<>(List.of(new Sample(START, 400, "200", "", true, 100, 50, 1, 0, null, null)));
        for (int second = 0; second < SECONDS; second++) {
            for (int i = 0; i < perSecond.at(second); i++) {
                long end = START + second * 1_000L + 500;
                samples.add(new Sample(end - 400, 400, "200", "", true, 100, 50, 1, 0, null, null));
            }
        }
        return samples;
    }

    interface Share {
        double at(int second);
    }

    /** One line a second, taken at the end of each second: CPU share of 2 cores as given, machine half busy. */
    private static List<ClientSnapshot> client(Share share, long gcPauseMs) {
        List<ClientSnapshot> lines = new ArrayList<>();
        long cpu = 0;
        for (int second = 0; second <= SECONDS; second++) {
            if (second > 0) {
                cpu += Math.round(share.at(second - 1) * 2 * 1_000 / 100);
            }
            long gc = second == 0 ? 0 : gcPauseMs;
            lines.add(new ClientSnapshot(
                    START + second * 1_000L,
                    second * 1_000L,
                    cpu,
                    0L,
                    500L << 20,
                    14L,
                    gc,
                    second == 0 ? 0L : 1L,
                    gc,
                    10L,
                    second * 1_000L,
                    second * 2_000L,
                    2,
                    120L,
                    20_000L,
                    false));
        }
        return lines;
    }
}
