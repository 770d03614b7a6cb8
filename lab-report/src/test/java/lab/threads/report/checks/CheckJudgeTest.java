package lab.threads.report.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import lab.threads.report.RunFixture;
import lab.threads.report.runs.ComparedRun;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.Verdict;
import lab.threads.run.RunOutcome;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks judged on run folders of the fixture's three servers, each figure set by the test: the bound of each kind,
 * the noise rule over repeats worked out by hand beside the medians' verdict it overrules, and the verdict first.
 */
class CheckJudgeTest {

    @TempDir
    static Path fixture;

    @TempDir
    Path results;

    private static RunReport run;

    @BeforeAll
    static void oneRunsFigures() throws IOException {
        run = RunFixture.threeServers(fixture);
    }

    private static final ClientVerdict NO_LIMIT = new ClientVerdict(
            Verdict.NO_CLIENT_LIMIT, List.of(), "nothing to do", List.of(), List.of(), 0, Map.of(), false);
    private static final ClientVerdict CLIENT_BOUND = new ClientVerdict(
            Verdict.CLIENT_BOUND,
            List.of("client stall: JMeter recorded no sample at t = 10-13 s"),
            "give the client more room",
            List.of(),
            List.of(),
            0,
            Map.of(),
            false);

    /** One run per value (repeats when more than one), every server's % of the ideal set to it. */
    private ComparedRun runOf(String folder, double... percentOfIdeal) throws IOException {
        return runOf(folder, NO_LIMIT, percentOfIdeal);
    }

    private ComparedRun runOf(String folder, ClientVerdict verdict, double... percentOfIdeal) throws IOException {
        Path dir = results.resolve(folder);
        for (int repeat = 0; repeat < percentOfIdeal.length; repeat++) {
            double percent = percentOfIdeal[repeat];
            UnaryOperator<ServerSummary> change = server -> RunFixture.withFigures(server, percent, 0, verdict);
            RunReport report = new RunReport(
                    run.metadata(),
                    run.plan(),
                    run.servers().stream().map(change).toList());
            RunFixture.writeSummary(percentOfIdeal.length == 1 ? dir : dir.resolve("repeat-" + (repeat + 1)), report);
        }
        return ComparedRun.read(dir);
    }

    private static CheckResult virtual(List<CheckResult> results) {
        return results.stream()
                .filter(result -> result.server().equals("server-virtual"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void everyCheckOnEveryServerItCovers() throws IOException {
        List<CheckResult> results = new CheckJudge(runOf("b", 90), null)
                .judge(List.of(Check.parse("ideal>=80%"), Check.parse("virtual:errors<0.1%")));
        assertEquals(
                List.of("server-platform", "server-pool", "server-virtual", "server-virtual"),
                results.stream().map(CheckResult::server).toList());
        assertTrue(results.stream().allMatch(result -> result.status() == CheckStatus.PASSED), results::toString);
        assertEquals(80.0, results.getFirst().bound());
    }

    @Test
    void aMultipleOfTheSleepIsOfThePlansSleep() throws IOException {
        CheckResult result = virtual(new CheckJudge(runOf("b", 90), null).judge(List.of(Check.parse("max<=2x sleep"))));
        assertEquals(2.0 * run.plan().sleepMs(), result.bound());
        double max = run.servers().getLast().summary().max();
        assertEquals(max <= result.bound() ? CheckStatus.PASSED : CheckStatus.BREACHED, result.status(), result::line);
    }

    @Test
    void oneRunOnASideComparesTheFigures() throws IOException {
        Check check = Check.parse("ideal>=-5%");
        // 92 x 0.95 = 87.4: 86 is below, 88 above.
        assertEquals(
                CheckStatus.BREACHED,
                virtual(new CheckJudge(runOf("b", 86), runOf("a", 92)).judge(List.of(check)))
                        .status());
        CheckResult passed = virtual(new CheckJudge(runOf("c", 88), runOf("a", 92)).judge(List.of(check)));
        assertEquals(CheckStatus.PASSED, passed.status());
        assertEquals(87.4, passed.bound(), 1e-9);
        assertTrue(passed.reason().contains("noise is not known"), passed.reason());
    }

    @Test
    void withRepeatsOnBothSidesABreachIsOnlyBeyondTheNoise() throws IOException {
        Check check = Check.parse("ideal>=-5%");
        ComparedRun baseline = runOf("a", 90, 92, 94);
        // Medians 82 against 92: by the medians a breach (82 < 87.4). The ranges overlap once 5% is allowed: the
        // best repeat, 90, is above 95% of the baseline's worst, 90 x 0.95 = 85.5.
        CheckResult overlapping = virtual(new CheckJudge(runOf("b", 80, 82, 90), baseline).judge(List.of(check)));
        assertTrue(82 < 0.95 * 92, "the medians alone would breach");
        assertEquals(CheckStatus.PASSED, overlapping.status(), overlapping::line);
        assertEquals(85.5, overlapping.bound(), 1e-9);
        // Every repeat below 85.5: the ranges do not overlap.
        CheckResult apart = virtual(new CheckJudge(runOf("c", 70, 72, 85), baseline).judge(List.of(check)));
        assertEquals(CheckStatus.BREACHED, apart.status(), apart::line);
        assertEquals(72.0, apart.value().median());
        assertEquals(3, apart.value().runs());
    }

    @Test
    void aFigureTheClientSetIsInconclusiveWhateverItsValue() throws IOException {
        CheckResult held =
                virtual(new CheckJudge(runOf("b", CLIENT_BOUND, 10), null).judge(List.of(Check.parse("ideal>=90%"))));
        assertEquals(CheckStatus.INCONCLUSIVE, held.status());
        assertTrue(held.reason().startsWith("client-bound in 1 of 1 run(s)"), held.reason());
        assertTrue(held.reason().contains("client stall"), held.reason());

        CheckResult baselineHeld = virtual(
                new CheckJudge(runOf("c", 95), runOf("a", CLIENT_BOUND, 50)).judge(List.of(Check.parse("ideal>=-5%"))));
        assertEquals(CheckStatus.INCONCLUSIVE, baselineHeld.status());
        assertTrue(baselineHeld.reason().startsWith("in the baseline, client-bound"), baselineHeld.reason());
    }

    @Test
    void aFigureTheMachineOrOtherProgramsSetIsInconclusiveToo() throws IOException {
        for (Verdict word : List.of(Verdict.MACHINE_BOUND, Verdict.NEAR_MACHINE_BOUND, Verdict.DISTURBED)) {
            ClientVerdict verdict =
                    new ClientVerdict(word, List.of(), "advice", List.of(), List.of(), 0, Map.of(), false);
            CheckResult held = virtual(new CheckJudge(runOf("held-" + word.name(), verdict, 10), null)
                    .judge(List.of(Check.parse("ideal>=90%"))));
            assertEquals(CheckStatus.INCONCLUSIVE, held.status(), held::line);
            assertTrue(held.reason().startsWith(word.label() + " in 1 of 1 run(s)"), held.reason());
        }
    }

    @Test
    void aTurnCutShortAndAFigureNotMeasuredAreInconclusive() throws IOException {
        Path dir = results.resolve("died");
        RunReport died = new RunReport(
                run.metadata(),
                run.plan(),
                run.servers().stream()
                        .map(server -> server.withOutcome(
                                RunOutcome.fromWords("server died mid-run (exit 137): see server.log")))
                        .toList());
        RunFixture.writeSummary(dir, died);
        CheckResult cut = virtual(new CheckJudge(ComparedRun.read(dir), null).judge(List.of(Check.parse("p99<=7s"))));
        assertEquals(CheckStatus.INCONCLUSIVE, cut.status());
        assertTrue(cut.reason().contains("server died mid-run"), cut.reason());

        CheckResult noPool = virtual(new CheckJudge(runOf("b", 90), null).judge(List.of(Check.parse("pool-wait<10%"))));
        assertEquals(CheckStatus.INCONCLUSIVE, noPool.status(), noPool::line);
    }

    @Test
    void aServerTheRunDidNotRunIsInconclusive() throws IOException {
        List<CheckResult> results = new CheckJudge(runOf("b", 90), null).judge(List.of(Check.parse("jetty:p99<=7s")));
        assertEquals(1, results.size());
        assertEquals(CheckStatus.INCONCLUSIVE, results.getFirst().status());
    }

    @Test
    void theExitCodeIsTheWorstStatusBreachFirst() {
        assertEquals(0, CheckStatus.exitCode(List.of(CheckStatus.PASSED, CheckStatus.PASSED)));
        assertEquals(4, CheckStatus.exitCode(List.of(CheckStatus.PASSED, CheckStatus.INCONCLUSIVE)));
        assertEquals(3, CheckStatus.exitCode(List.of(CheckStatus.INCONCLUSIVE, CheckStatus.BREACHED)));
        assertEquals(0, CheckStatus.exitCode(List.of()));
    }
}
