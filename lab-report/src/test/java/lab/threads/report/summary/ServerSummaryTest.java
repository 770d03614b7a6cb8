package lab.threads.report.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.threads.model.samples.Sample;
import lab.threads.model.summary.Percentiles;
import lab.threads.report.JtlFixture;
import lab.threads.report.page.Headline;
import lab.threads.report.runs.ServerFigure;
import lab.threads.report.verdict.ErrorCauses;
import lab.threads.report.verdict.Verdict;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerSummaryTest {

    private static final PlanShape PLAN = PlanShape.closed(20_000, 20, 3, 6_000);

    @TempDir
    Path serverDir;

    @Test
    void idealOfTheSeedPlan() {
        assertEquals(60_000, PLAN.idealSamples());
        // The last of 20,000 users starts 20 s x 19,999 / 20,000 after the first, then runs 3 x 6 s.
        assertEquals(37.999, PLAN.idealDurationSeconds(), 1e-9);
        assertEquals(60_000 / 37.999, PLAN.idealThroughput(), 1e-9);
    }

    @Test
    void aCutLastLineIsDroppedAndFlaggedPartial() throws IOException {
        List<Sample> samples = JtlFixture.randomRun(1, 100);
        Path jtl = serverDir.resolve(RunFolder.SAMPLES_FILE);
        JtlFixture.write(jtl, samples);
        String whole = Files.readString(jtl);
        Files.writeString(jtl, whole.substring(0, whole.length() - 30)); // inside the last line's URL

        ServerSummary summary = ServerSummary.from("s", serverDir, PLAN, RunOutcome.fromWords("interrupted"));

        assertTrue(summary.partial());
        assertEquals(99, summary.summary().samples());
        assertEquals("interrupted", summary.outcome().words());
        assertTrue(
                summary.notes().stream().anyMatch(note -> note.contains("ends inside a line")),
                summary.notes()::toString);
    }

    @Test
    void aFileCutInsideAQuotedFieldKeepsTheLinesBefore() throws IOException {
        Path jtl = serverDir.resolve(RunFolder.SAMPLES_FILE);
        JtlFixture.write(jtl, JtlFixture.randomRun(2, 50));
        Files.writeString(jtl, Files.readString(jtl) + "1790000000000,5,sleep,503,\"cut in quo");

        ServerSummary summary = ServerSummary.from("s", serverDir, PLAN, RunOutcome.fromWords("interrupted"));

        assertTrue(summary.partial());
        assertEquals(50, summary.summary().samples());
    }

    @Test
    void aServerSilentForTheEndOfTheLoadHasNoOwnLatencyAndLowerBoundPeaks() throws IOException {
        List<Sample> samples = JtlFixture.randomRun(3, 200);
        JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), samples);
        long lastEnd = samples.stream().mapToLong(Sample::endTime).max().orElseThrow();
        // It answered /stats for the first 6 s, then (as server-platform out of descriptors did) no more.
        Files.writeString(
                serverDir.resolve(RunFolder.STATS_FILE),
                String.join("\n", stats(JtlFixture.START, 9), stats(JtlFixture.START + 6_000, 3_650)));

        ServerSummary summary = ServerSummary.from("server-platform", serverDir, PLAN, RunOutcome.fromWords("ok"));

        assertEquals(null, summary.serverView());
        assertEquals(
                (lastEnd - JtlFixture.START - 6_000) / 1000.0,
                summary.serverStats().silentAtEndSeconds(),
                1e-9);
        assertTrue(
                summary.notes().stream().anyMatch(note -> note.contains("did not answer /stats for the last")),
                summary.notes()::toString);
        assertTrue(Headline.line(summary, PLAN).contains("≥ 3,650 peak threads"), Headline.line(summary, PLAN));
        assertTrue(Double.isNaN(ServerFigure.PEAK_THREADS.read(summary)));
        assertTrue(Double.isNaN(ServerFigure.SERVER_P99.read(summary)));
    }

    /**
     * A hold plan's plateaus, read after forced collections, set the figure over the once-a-second series; without them
     * the series does. Its /stats lines: 100 in flight at the peak, the footprint 300 KB above the idle one.
     */
    @Test
    void aHoldPlansPlateausSetTheMemoryPerRequestOverTheSeries() throws IOException {
        JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), JtlFixture.randomRun(5, 50));
        Files.writeString(
                serverDir.resolve(RunFolder.STATS_FILE),
                memorySecond(JtlFixture.START - 1_000, 0, 0) + "\n"
                        + memorySecond(JtlFixture.START + 1_000, 100, 300 * 1024));
        ServerSummary series = ServerSummary.from("s", serverDir, PLAN, RunOutcome.fromWords("ok"));

        Files.writeString(serverDir.resolve(RunFolder.MEMORY_FILE), """
                {"step":0,"inFlight":0,"parts":{"rssBytes":1000000}}
                {"step":1,"inFlight":100,"parts":{"rssBytes":1512000}}
                """);
        ServerSummary hold = ServerSummary.from("s", serverDir, PLAN, RunOutcome.fromWords("ok"));

        assertEquals(3.0, Figure.MEMORY_PER_REQUEST_KB.value(series).doubleValue(), 1e-9);
        assertEquals(5120.0 / 1024, Figure.MEMORY_PER_REQUEST_KB.value(hold).doubleValue(), 1e-9);
    }

    /** The heap committed and the live heap stay put: the footprint grows with the resident set outside the heap. */
    private static String memorySecond(long at, long inFlight, long growth) {
        return String.format(
                "{\"sampledAtMs\":%d,\"inFlight\":%d,\"rssBytes\":%d,\"heapAfterGcBytes\":1000,"
                        + "\"heapCommittedBytes\":50000}",
                at, inFlight, 100_000 + growth);
    }

    @Test
    void theServersOwnLogNamingAResourceLimitIsStatedBesideTheClientsEvidence() throws IOException {
        JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), JtlFixture.randomRun(4, 50));
        Files.writeString(serverDir.resolve(RunFolder.SERVER_LOG_FILE), """
                server-platform ready on http://127.0.0.1:8081/sleep
                Nov 23, 2026 4:32:11 AM org.xnio.nio.NioTcpServer accept
                WARN: XNIO008001: Socket accept failed, backing off for 250 milliseconds: java.io.IOException: Too many open files
                WARN: XNIO008001: Socket accept failed, backing off for 1000 milliseconds: java.io.IOException: Too many open files
                server-platform stopped
                """);

        ServerSummary summary = ServerSummary.from("server-platform", serverDir, PLAN, RunOutcome.fromWords("ok"));

        assertTrue(
                summary.validity()
                        .findings()
                        .contains(
                                "server limits: its log reports 'Too many open files' 2 times (the server's own resources ran out)"),
                summary.validity().findings()::toString);
    }

    @Test
    void aServerLogWithoutLimitsAddsNothing() throws IOException {
        JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), JtlFixture.randomRun(4, 50));
        Files.writeString(serverDir.resolve(RunFolder.SERVER_LOG_FILE), "server-platform stopped\n");

        ServerSummary summary = ServerSummary.from("server-platform", serverDir, PLAN, RunOutcome.fromWords("ok"));

        assertFalse(
                summary.validity().findings().stream().anyMatch(finding -> finding.startsWith("server limits")),
                summary.validity().findings()::toString);
    }

    /** One /stats snapshot with an empty serverTiming histogram, as a server sends it before any request ended. */
    private static String stats(long sampledAtMs, int osThreads) {
        return String.format(
                "{\"sampledAtMs\":%d,\"osThreads\":%d,\"completed\":0,\"serverTiming\":{\"count\":0,"
                        + "\"histogram\":\"HISTFAAAAB94nJNpmSzMwMDAyAABzFAazL82eQmD/QeoCABVgwSI\"}}",
                sampledAtMs, osThreads);
    }

    @Test
    void missingFilesGiveAnEmptyRowWithTheOutcomeAndSaySo() {
        ServerSummary summary = ServerSummary.from(
                "server-platform", serverDir.resolve("absent"), PLAN, RunOutcome.fromWords("server died at start"));

        assertEquals("server died at start", summary.outcome().words());
        assertFalse(summary.partial());
        assertEquals(0, summary.summary().samples());
        assertEquals(0, summary.summary().throughput());
        assertEquals(Percentiles.NONE, summary.percentiles());
        assertEquals(0, summary.serverStats().snapshots());
        assertEquals(4, summary.notes().size(), summary.notes()::toString);
        assertTrue(summary.notes().get(0).startsWith("samples.jtl is missing"));
        assertTrue(summary.notes().get(1).startsWith("server-stats.jsonl is missing"));
        assertTrue(summary.notes().get(2).startsWith("server-seconds.json is missing"));
        assertTrue(summary.notes().get(3).startsWith("client-stats.jsonl is missing"));
        assertEquals(Verdict.UNKNOWN, summary.validity().verdict());
    }

    @Test
    void emptyAndHeaderOnlyFilesGiveNoSamples() throws IOException {
        Files.writeString(serverDir.resolve(RunFolder.SAMPLES_FILE), "");
        Files.writeString(serverDir.resolve(RunFolder.STATS_FILE), "");
        ServerSummary empty = ServerSummary.from("s", serverDir, PLAN, RunOutcome.fromWords("server died at start"));
        assertEquals(0, empty.summary().samples());
        assertTrue(empty.notes().contains("samples.jtl is empty: no client-side results"));
        assertTrue(empty.notes().contains("server-stats.jsonl is empty: " + RunFolder.NO_SERVER_FIGURES));

        JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), List.of());
        ServerSummary headerOnly = ServerSummary.from("s", serverDir, PLAN, RunOutcome.fromWords("ok"));
        assertEquals(0, headerOnly.summary().samples());
        assertFalse(headerOnly.partial());
    }

    @Test
    void errorsByCauseKeepServerAndClientApartMostFirst() throws IOException {
        JtlFixture.write(
                serverDir.resolve(RunFolder.SAMPLES_FILE),
                List.of(
                        sample("200", true),
                        sample("503", false),
                        sample("503", false),
                        sample("500", false),
                        clientFailure("java.net.SocketTimeoutException", "Read timed out"),
                        clientFailure("org.apache.http.NoHttpResponseException", "127.0.0.1:8083 failed to respond"),
                        clientFailure("org.apache.http.NoHttpResponseException", "127.0.0.1:8083 failed to respond"),
                        clientFailure("org.apache.http.NoHttpResponseException", "127.0.0.1:8083 failed to respond"),
                        sample("200", false)));

        Map<String, Long> causes = ServerSummary.from("s", serverDir, PLAN, RunOutcome.fromWords("ok"))
                .errorsByCause();

        assertEquals(
                List.of(
                        Map.entry(
                                "client: org.apache.http.NoHttpResponseException: 127.0.0.1:8083 failed to respond",
                                3L),
                        Map.entry("server: HTTP 503", 2L),
                        Map.entry("assertion: HTTP 200", 1L),
                        Map.entry("client: java.net.SocketTimeoutException: Read timed out", 1L),
                        Map.entry("server: HTTP 500", 1L)),
                List.copyOf(causes.entrySet()));
    }

    @Test
    void errorClassesAddUpToTheFailedSamplesOfEveryCause() throws IOException {
        JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), JtlFixture.randomRun(7, 2_000));

        ServerSummary summary = ServerSummary.from("s", serverDir, PLAN, RunOutcome.fromWords("ok"));

        assertTrue(summary.failedSamples() > 0);
        assertEquals(summary.failedSamples(), summary.errorClasses().total());
        assertEquals(
                summary.failedSamples(),
                summary.errorClasses().perSecond().stream()
                        .flatMap(second -> second.counts().values().stream())
                        .mapToLong(Long::longValue)
                        .sum());
    }

    @Test
    void aServerThatAnswersInExactlyTheSleepOnJMetersScheduleScores100() throws IOException {
        // 20 users over 20 s: user i starts i s after the first, then 3 requests of exactly 6 s back to back.
        PlanShape.Closed plan = PlanShape.closed(20, 20, 3, 6_000);
        JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), perfectRun(plan, JtlFixture.START));

        ServerSummary summary = ServerSummary.from("s", serverDir, plan, RunOutcome.fromWords("ok"));

        assertEquals(plan.idealThroughput(), summary.summary().throughput(), 1e-9);
        assertEquals(100.0, summary.percentOfIdeal(), 1e-9);
        assertEquals(20, summary.peakUsersInFlight());
    }

    @Test
    void aClientLateWithItsFirstRequestNoLongerLiftsTheScoreAbove100() throws IOException {
        // As seen with the smoke plan: the schedule begins, the first users' requests leave 160 ms late (the client
        // warming up), the rest on time. Measured from the first sample, the run looked 4% faster than ideal.
        PlanShape.Closed plan = PlanShape.closed(50, 2, 2, 1_000);
        long scheduleStart = JtlFixture.START;
        List<Sample> samples = perfectRun(plan, scheduleStart).stream()
                .map(s -> s.timeStamp() < scheduleStart + 160
                        ? new Sample(
                                scheduleStart + 160,
                                s.elapsed(),
                                "200",
                                "",
                                true,
                                s.bytes(),
                                s.sentBytes(),
                                s.allThreads(),
                                0,
                                null,
                                null)
                        : s)
                .toList();
        JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), samples);
        Files.writeString(
                serverDir.resolve(RunFolder.CLIENT_STATS_FILE),
                "{\"sampledAtMs\":" + (scheduleStart + 1_000) + ",\"elapsedMs\":1000}\n");

        ServerSummary summary = ServerSummary.from("s", serverDir, plan, RunOutcome.fromWords("ok"));

        assertTrue(
                summary.summary().throughput() > plan.idealThroughput(),
                "JMeter's own throughput still counts from the first sample");
        assertTrue(summary.percentOfIdeal() <= 100.0, () -> "never above the ideal: " + summary.percentOfIdeal());
        assertTrue(
                summary.percentOfIdeal() > 99.0,
                () -> "the late first requests cost little: " + summary.percentOfIdeal());
    }

    /** Every user starts on JMeter's schedule (i x rampUp / users) and every request takes exactly the sleep. */
    static List<Sample> perfectRun(PlanShape.Closed plan, long scheduleStart) {
        List<Sample> samples = new ArrayList<>();
        for (int user = 0; user < plan.users(); user++) {
            long start = scheduleStart + (long) (plan.rampUpSeconds() * 1000) * user / plan.users();
            for (int loop = 0; loop < plan.loops(); loop++) {
                samples.add(new Sample(
                        start + loop * plan.sleepMs(),
                        plan.sleepMs(),
                        "200",
                        "",
                        true,
                        100,
                        50,
                        plan.users(),
                        0,
                        null,
                        null));
            }
        }
        samples.sort(java.util.Comparator.comparingLong(Sample::endTime));
        return samples;
    }

    /** As JMeter writes it: the exception's class as the code, its message as the message. */
    private static Sample clientFailure(String exception, String message) {
        return new Sample(
                JtlFixture.START,
                10,
                ErrorCauses.CLIENT_PREFIX + exception,
                ErrorCauses.CLIENT_MESSAGE_PREFIX + message,
                false,
                100,
                50,
                1,
                0,
                null,
                null);
    }

    private static Sample sample(String code, boolean success) {
        return new Sample(JtlFixture.START, 10, code, "", success, 100, 50, 1, 0, null, null);
    }
}
