package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import lab.threads.model.plan.UserGroups;
import lab.threads.model.samples.Sample;
import lab.threads.report.math.SecondBuckets;
import lab.threads.run.PlanShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step plan's knee and a spike's recovery, from samples whose every second is known. */
class StagedOutcomeTest {

    private static final long START_MS = 1_800_000_000_000L;
    private static final long SLEEP_MS = 100;

    @TempDir
    Path dir;

    private final SecondBuckets buckets = new SecondBuckets();

    /** Users 10, 20, 30 over three steps of 10 s. */
    private static final PlanShape.Staged STEPS = PlanShape.staged(
            List.of(
                    new UserGroups.Group(0, 30, 10),
                    new UserGroups.Group(10, 20, 10),
                    new UserGroups.Group(20, 10, 10)),
            1,
            SLEEP_MS);

    /** Users 1,500, 1,750, 2,000 over three steps of 10 s, each user asking a sleep of 1 s. */
    private static final PlanShape.Staged STEPS_OF_A_SECOND = PlanShape.staged(
            List.of(
                    new UserGroups.Group(0, 30, 1_500),
                    new UserGroups.Group(10, 20, 250),
                    new UserGroups.Group(20, 10, 250)),
            0,
            1_000);

    /** Users 10, then 50 from second 10 to 15, then 10 again to 30. */
    private static final PlanShape.Staged SPIKE =
            PlanShape.staged(List.of(new UserGroups.Group(0, 30, 10), new UserGroups.Group(10, 5, 40)), 1, SLEEP_MS);

    /** {@code perSecond} samples starting in each second of {@code from} to {@code to}, {@code failed} of them failed. */
    private void seconds(long from, long to, int perSecond, long elapsedMs, int failed) {
        for (long second = from; second < to; second++) {
            for (int i = 0; i < perSecond; i++) {
                buckets.accept(new Sample(
                        START_MS + second * 1000 + i,
                        elapsedMs,
                        i < failed ? "503" : "200",
                        "",
                        i >= failed,
                        0,
                        0,
                        0,
                        0,
                        null,
                        null));
            }
        }
    }

    /** {@code total} samples of {@code elapsedMs} starting evenly over the seconds {@code from} to {@code to}. */
    private void spread(long from, long to, int total, long elapsedMs) {
        for (int i = 0; i < total; i++) {
            buckets.accept(new Sample(
                    START_MS + from * 1000 + (to - from) * 1000 * i / total,
                    elapsedMs,
                    "200",
                    "",
                    true,
                    0,
                    0,
                    0,
                    0,
                    null,
                    null));
        }
    }

    /** Each step of {@link #STEPS} bringing all it offers, 100 requests a second per 10 users. */
    private void stepsFollowing(long fromSecond, long toSecond, long elapsedMs) {
        for (long second = fromSecond; second < toSecond; second++) {
            seconds(second, second + 1, (int) (100 * (1 + second / 10)), elapsedMs, 0);
        }
    }

    private StagedOutcome outcome(PlanShape.Staged plan) {
        return StagedOutcome.of(plan, buckets, START_MS, dir.resolve("server-stats.jsonl"));
    }

    @Test
    void groupsAddUpToTheStagesUsers() {
        assertEquals(
                List.of(
                        new PlanShape.Stage(0, 10, 10),
                        new PlanShape.Stage(10, 15, 50),
                        new PlanShape.Stage(15, 30, 10)),
                SPIKE.stages());
        assertEquals(50, SPIKE.users());
        assertEquals(30, STEPS.stages().getLast().users());
    }

    @Test
    void theKneeIsTheFirstStepPastOnePercentOfErrorsWithTheStepBefore() {
        seconds(0, 10, 100, SLEEP_MS, 0);
        seconds(10, 20, 200, SLEEP_MS, 4);
        seconds(20, 30, 300, SLEEP_MS, 150);

        StagedOutcome step = outcome(STEPS);

        assertEquals("step", step.kind());
        assertEquals(20, step.kneeUsers());
        assertEquals(10, step.passedUsers());
        assertEquals(StagedOutcome.KneeRule.ERRORS_OR_P99, step.kneeRule());
        assertTrue(step.verdict().startsWith("knee at 20 users (10 before it): step 2 had 40 errors"), step.verdict());
        assertTrue(step.verdict().endsWith("(by " + StagedOutcome.KneeRule.ERRORS_OR_P99.words() + ")"));
    }

    @Test
    void aP99PastTwoSleepsFailsAStepWithoutErrors() {
        stepsFollowing(0, 20, SLEEP_MS);
        stepsFollowing(20, 30, StagedOutcome.KNEE_P99_FACTOR * SLEEP_MS + 1);

        StagedOutcome step = outcome(STEPS);

        assertEquals(30, step.kneeUsers());
        assertEquals(20, step.passedUsers());
        assertEquals(StagedOutcome.KneeRule.ERRORS_OR_P99, step.kneeRule());
    }

    @Test
    void noFailingStepIsNoKneeUpToThePlansTop() {
        stepsFollowing(0, 30, SLEEP_MS);

        StagedOutcome step = outcome(STEPS);

        assertNull(step.kneeUsers());
        assertNull(step.kneeRule());
        assertEquals(30, step.passedUsers());
        assertTrue(step.verdict().startsWith("no knee up to 30 users"), step.verdict());
    }

    @Test
    void eachStepOffersItsUsersTimesItsSecondsOverTheSleep() {
        assertEquals(
                List.of(15_000L, 17_500L, 20_000L),
                outcome(STEPS_OF_A_SECOND).stages().stream()
                        .map(StagedOutcome.StageFigures::offered)
                        .toList());
    }

    @Test
    void addedUsersThatBringLessThanHalfOfTheirOfferAreAKneeNamedWithTheStepBefore() {
        spread(0, 10, 14_299, 1_000);
        spread(10, 20, 14_577, 1_000);
        spread(20, 30, 15_071, 1_000);

        StagedOutcome step = outcome(STEPS_OF_A_SECOND);

        assertEquals(1_750, step.kneeUsers());
        assertEquals(1_500, step.passedUsers());
        assertEquals(StagedOutcome.KneeRule.THROUGHPUT, step.kneeRule());
        assertEquals(
                "knee at 1,750 users (1,500 before it): the 250 users added offered 2,500 requests, brought 278 (by "
                        + StagedOutcome.KneeRule.THROUGHPUT.words() + ")",
                step.verdict());
    }

    @Test
    void addedUsersThatBringHalfOfTheirOfferFollowAndAreNoKnee() {
        spread(0, 10, 14_299, 1_000);
        spread(10, 20, 14_299 + 1_250, 1_000);
        spread(20, 30, 14_299 + 2_500, 1_000);

        StagedOutcome step = outcome(STEPS_OF_A_SECOND);

        assertNull(step.kneeUsers(), step.verdict());
        assertEquals(2_000, step.passedUsers());
    }

    @Test
    void recoveryIsTheSecondsFromTheSpikesEndUntilEveryLaterSecondIsWithinTheBase() {
        seconds(0, 10, 100, SLEEP_MS, 0);
        seconds(10, 15, 100, 800, 10);
        seconds(15, 20, 100, 500, 0);
        seconds(20, 30, 100, SLEEP_MS, 0);

        StagedOutcome spike = outcome(SPIKE);

        assertEquals("spike", spike.kind());
        assertEquals(5L, spike.recoverySeconds(), spike.verdict());
    }

    @Test
    void aSpikeTheServerTookWithinItsBasesRangeRecoversAtOnce() {
        seconds(0, 10, 100, SLEEP_MS, 0);
        seconds(10, 30, 100, SLEEP_MS + 5, 0);

        assertEquals(0L, outcome(SPIKE).recoverySeconds());
    }

    @Test
    void aSpikeThatNeverSettlesHasNoRecovery() {
        seconds(0, 10, 100, SLEEP_MS, 0);
        seconds(10, 30, 100, 800, 0);

        StagedOutcome spike = outcome(SPIKE);

        assertNull(spike.recoverySeconds());
        assertTrue(spike.verdict().startsWith("not recovered by the plan's end, 15 s"), spike.verdict());
    }
}
