package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import lab.threads.client.UserGroups;
import lab.threads.report.math.SecondBuckets;
import lab.threads.report.raw.Sample;
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
    private static final PlanShape STEPS = PlanShape.staged(
            List.of(
                    new UserGroups.Group(0, 30, 10),
                    new UserGroups.Group(10, 20, 10),
                    new UserGroups.Group(20, 10, 10)),
            1,
            SLEEP_MS);

    /** Users 10, then 50 from second 10 to 15, then 10 again to 30. */
    private static final PlanShape SPIKE =
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
                        null));
            }
        }
    }

    private StagedOutcome outcome(PlanShape plan) {
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
        seconds(10, 20, 100, SLEEP_MS, 2);
        seconds(20, 30, 100, SLEEP_MS, 50);

        StagedOutcome step = outcome(STEPS);

        assertEquals("step", step.kind());
        assertEquals(20, step.kneeUsers());
        assertEquals(10, step.passedUsers());
        assertTrue(step.verdict().startsWith("knee at 20 users"), step.verdict());
    }

    @Test
    void aP99PastTwoSleepsFailsAStepWithoutErrors() {
        seconds(0, 20, 100, SLEEP_MS, 0);
        seconds(20, 30, 100, StagedOutcome.KNEE_P99_FACTOR * SLEEP_MS + 1, 0);

        StagedOutcome step = outcome(STEPS);

        assertEquals(30, step.kneeUsers());
        assertEquals(20, step.passedUsers());
    }

    @Test
    void noFailingStepIsNoKneeUpToThePlansTop() {
        seconds(0, 30, 100, SLEEP_MS, 0);

        StagedOutcome step = outcome(STEPS);

        assertNull(step.kneeUsers());
        assertEquals(30, step.passedUsers());
        assertTrue(step.verdict().startsWith("no knee up to 30 users"), step.verdict());
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
