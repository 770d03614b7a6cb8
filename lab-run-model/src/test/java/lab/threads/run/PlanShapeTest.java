package lab.threads.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ideal against a hand computation: the last user starts rampUp x (users - 1) / users after the first. */
class PlanShapeTest {

    @ParameterizedTest(name = "{0} users, {1} s ramp-up, {2} x {3} ms: {5} s, {6} req/s")
    @CsvSource({
        // users, ramp-up, loops, sleep, ideal samples, ideal seconds (by hand), ideal req/s (by hand)
        "20000, 20, 3, 6000, 60000, 37.999,      1578.9889", // 19.999 + 18
        "50,    2,  2, 1000, 100,   3.96,        25.2525", // 1.96 + 2
        "300,   5,  2, 1000, 600,   6.983333333, 85.9189", // 4.98333 + 2
        "1000,  0,  5, 200,  5000,  1.0,         5000.0", // all at once
        "1,     10, 1, 500,  1,     0.5,         2.0"
    }) // a lone user starts at once, whatever the ramp-up
    void idealByHand(
            int users, double rampUp, int loops, long sleepMs, long samples, double seconds, double throughput) {
        PlanShape plan = PlanShape.closed(users, rampUp, loops, sleepMs);
        assertEquals(samples, plan.idealSamples());
        assertEquals(seconds, plan.idealDurationSeconds(), 1e-6);
        assertEquals(throughput, plan.idealThroughput(), 1e-4);
    }

    @ParameterizedTest(name = "{0} users x {2} of {3} ms through a pool of {4}: {7} req/s, set by the {8}")
    @CsvSource({
        // users, ramp-up, loops, sleep, pool, ideal samples, ideal seconds (by hand), req/s (by hand), ceiling
        "1000, 10, 3, 100, 10,  3000, 30.0,    100.0,      pool", // 10 / 0.1 s; the users alone: 291.5
        "1000, 10, 3, 100, 100, 3000, 10.29,   291.5452,   users", // 100 / 0.1 s = 1,000 is above the users' rate
        "1000, 10, 3, 100, 0,   3000, 10.29,   291.5452,   users", // no pool
        "10,   0,  1, 100, 10,  10,   0.1,     100.0,      users" // a tie is the users'
    })
    void aPoolCapsTheIdealAtItsConnectionsOverTheWait(
            int users,
            double rampUp,
            int loops,
            long sleepMs,
            int pool,
            long samples,
            double seconds,
            double throughput,
            String ceiling) {
        PlanShape plan = PlanShape.closed(users, rampUp, loops, sleepMs).throughPool(pool);
        assertEquals(samples, plan.idealSamples());
        assertEquals(seconds, plan.idealDurationSeconds(), 1e-6);
        assertEquals(throughput, plan.idealThroughput(), 1e-4);
        assertEquals(ceiling, plan.ceilingSetBy());
        assertEquals(
                pool > 0, plan.ceilingWords().startsWith("the ceiling is the " + ceiling + "'"), plan::ceilingWords);
    }

    @Test
    void aThroughputPlanThroughAPoolMeasuresForItsDurationAtThePoolsRate() {
        // 100 connections of 100 ms for 10 s ask 1,000 req/s; 10 connections serve 100 of them.
        PlanShape plan = PlanShape.throughput(100, 10, 100).throughPool(10);
        assertEquals(1_000, plan.idealSamples());
        assertEquals(10, plan.idealDurationSeconds(), 1e-9);
        assertEquals(100, plan.idealThroughput(), 1e-9);
        assertEquals("pool", plan.ceilingSetBy());
        assertEquals(100.0, plan.percentOfIdeal(1_000, 0, 10_000), 1e-9);
    }

    @ParameterizedTest(name = "{0} successes, run {1} ms from the schedule start: {2}%")
    @CsvSource({
        "100, 3960, 100.0", // the smoke plan, perfect: ends exactly 3.96 s after the schedule began
        "100, 3797, 104.29", // measured from a first sample 163 ms late, the old way: above 100
        "100, 7920, 50.0", // every request twice the sleep's time
        "50,  3960, 50.0"
    }) // half of them failed
    void percentOfIdealFromTheScheduleStart(long successes, long runMs, double percent) {
        assertEquals(percent, PlanShape.closed(50, 2, 2, 1_000).percentOfIdeal(successes, 0, runMs), 0.01);
    }

    @ParameterizedTest(name = "{0}/s, {1} s ramp-up, {2} s at rate, {3} ms: {4} samples in {5} s")
    @CsvSource({
        // rate, ramp-up, duration, sleep, ideal samples (by hand), ideal seconds (by hand)
        "100, 0,  60, 1000, 6000, 61.0", // 100 x 60, the last arrival ends a sleep after 60 s
        "50,  0,  4,  200,  200,  4.2", // the fork test's run
        "100, 10, 60, 1000, 6500, 71.0", // the ramp adds (0 + 100) / 2 x 10 = 500
        "7,   3,  2,  0,    24,   5.0"
    }) // 7 / 2 x 3 = 10.5 -> 10 (JMeter rounds down), + 14
    void openIdealByHand(int rate, double rampUp, long duration, long sleepMs, long samples, double seconds) {
        PlanShape plan = PlanShape.open(rate, rampUp, duration, sleepMs);
        assertEquals(samples, plan.idealSamples());
        assertEquals(seconds, plan.idealDurationSeconds(), 1e-9);
        assertEquals(samples / seconds, plan.idealThroughput(), 1e-9);
    }

    @Test
    void offeredArrivalsClimbOverTheRampThenHoldTheRate() {
        PlanShape.Open plan = PlanShape.open(100, 10, 60, 1_000);
        // The rate climbs 10/s each second: 5 arrivals due in the first second, 15 in the second, 95 in the tenth.
        assertEquals(5, plan.offeredArrivals(0, 1), 1e-9);
        assertEquals(15, plan.offeredArrivals(1, 2), 1e-9);
        assertEquals(95, plan.offeredArrivals(9, 10), 1e-9);
        assertEquals(100, plan.offeredArrivals(10, 11), 1e-9);
        assertEquals(50, plan.offeredArrivals(69.5, 75), 1e-9, "nothing arrives after the schedule");
        assertEquals(0, plan.offeredArrivals(-3, 0), 1e-9, "nor before it");
        assertEquals(plan.idealSamples(), plan.offeredArrivals(0, 70), 1e-9);
    }

    @Test
    void dueSecondIsWhenTheScheduleHadOfferedThatMany() {
        PlanShape.Open plan = PlanShape.open(100, 10, 60, 1_000);
        for (double second : new double[] {0.5, 1, 4.2, 10, 10.01, 37, 69.9}) {
            assertEquals(second, plan.dueSecond(plan.offeredArrivals(0, second)), 1e-9, () -> "at " + second + " s");
        }
        assertEquals(70, plan.dueSecond(plan.idealSamples() + 500), 1e-9, "none is due after the schedule's end");
    }

    @Test
    void summaryJsonReadsBackEitherModel() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (PlanShape plan : List.of(
                PlanShape.open(100, 10, 60, 1_000),
                PlanShape.closed(50, 2, 2, 1_000),
                PlanShape.throughput(100, 10, 0))) {
            String written = json.writeValueAsString(plan);
            assertTrue(written.contains("\"open\":" + (plan instanceof PlanShape.Open)), written);
            assertEquals(plan, json.readValue(written, PlanShape.class));
        }
        // An older run's summary.json has no open-model fields: a closed plan.
        assertEquals(
                PlanShape.closed(50, 2, 2, 1_000),
                json.readValue("{\"users\":50,\"rampUpSeconds\":2,\"loops\":2,\"sleepMs\":1000}", PlanShape.class));
    }

    @Test
    void aThroughputPlansIdealIsItsConnectionsOverTheSleepAndAZeroSleepHasNone() {
        PlanShape sleeping = PlanShape.throughput(100, 10, 50);
        assertTrue(sleeping.hasIdeal());
        assertEquals(100 * 10 * 1000 / 50, sleeping.idealSamples());
        assertEquals(100 / 0.050, sleeping.idealThroughput(), 1e-9);
        assertEquals(50.0, sleeping.percentOfIdeal(10_000, 0, 10_000), 1e-9, "half the ideal samples in its time");

        for (PlanShape noThinkTime : List.of(PlanShape.throughput(100, 10, 0), PlanShape.closed(100, 1, 500, 0))) {
            assertFalse(noThinkTime.hasIdeal(), noThinkTime::toString);
            assertEquals(0, noThinkTime.idealThroughput(), "a 0 ms sleep has no ideal rate");
            assertEquals(0, noThinkTime.percentOfIdeal(50_000, 0, 1_000));
        }
    }

    @Test
    void summaryJsonKeepsTheFlatFormOlderFoldersHold() throws Exception {
        ObjectMapper json = new ObjectMapper();
        // As a run of the sweep fixture wrote it before the shapes were types (lab-runner's recorded/sweep-users-4-8).
        String recorded = "{\"users\":4,\"rampUpSeconds\":1.0,\"loops\":1,\"sleepMs\":100,\"arrivalsPerSecond\":0,"
                + "\"durationSeconds\":0,\"open\":false,\"throughput\":false,\"idealSamples\":4,"
                + "\"idealDurationSeconds\":0.85,\"idealThroughput\":4.705882352941177}";
        PlanShape read = json.readValue(recorded, PlanShape.class);
        assertEquals(PlanShape.closed(4, 1, 1, 100), read);
        assertEquals(json.readTree(recorded), json.readTree(json.writeValueAsString(read)));
    }

    @Test
    void aStagedPlanReadsBackStagedWithItsStagesAndIdeal() throws Exception {
        ObjectMapper json = new ObjectMapper();
        PlanShape.Staged staged = new PlanShape.Staged(
                List.of(new PlanShape.Stage(0, 10, 100), new PlanShape.Stage(10, 20, 300)),
                2,
                new PlanShape.StagedIdeal(3_900, 20.1),
                new PlanShape.Wait(100, "db", 10));
        String written = json.writeValueAsString(staged);
        assertTrue(written.contains("\"users\":300") && written.contains("\"durationSeconds\":20"), written);
        assertEquals(staged, json.readValue(written, PlanShape.class));
        assertEquals(300, staged.users(), "the peak stage's users");
    }
}
