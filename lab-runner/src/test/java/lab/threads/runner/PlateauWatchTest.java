package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import lab.threads.run.PlanShape;
import lab.threads.runner.stats.MemoryPlateaus;
import lab.threads.runner.stats.PlateauWatch;
import org.junit.jupiter.api.Test;

/** When a hold plan's plateaus are read, and which plans hold their requests at all. */
class PlateauWatchTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aStepIsReadOnceItsHeldUsersAreInFlight() {
        PlateauWatch watch = new PlateauWatch(List.of(100, 200));

        assertEquals(Optional.empty(), watch.observe(40, 0));
        assertEquals(Optional.of(1), watch.observe(100, SECOND / 2));
        assertEquals(Optional.empty(), watch.observe(100, SECOND));
        assertEquals(Optional.of(2), watch.observe(200, 2 * SECOND));
        assertTrue(watch.done());
        assertEquals(200, watch.expected(2));
    }

    @Test
    void aStepThatStopsShortIsReadOnceSteadyAboveHalfTheStep() {
        PlateauWatch watch = new PlateauWatch(List.of(100, 200));
        long steady = PlateauWatch.STEADY.toNanos();

        assertEquals(Optional.of(1), watch.observe(100, 0));
        assertEquals(Optional.empty(), watch.observe(140, SECOND), "below half the step");
        assertEquals(Optional.empty(), watch.observe(140, SECOND + steady), "steady, but below half the step");
        assertEquals(Optional.empty(), watch.observe(180, 2 * SECOND + steady));
        assertEquals(Optional.of(2), watch.observe(180, 2 * SECOND + 2 * steady));
    }

    @Test
    void onlyAStagedPlanWhoseSleepOutlastsItsStepsHolds() throws Exception {
        Map<String, String> hold = Map.of("users", "100", "steps", "3", "step_seconds", "5", "sleep_ms", "20000");

        assertEquals(List.of(100, 200, 300), MemoryPlateaus.heldByStep(PlanShape.of(PlanOptions.chosen("hold", hold))));
        assertEquals(
                List.of(),
                MemoryPlateaus.heldByStep(PlanShape.of(PlanOptions.chosen("step", Map.of("sleep_ms", "1000")))),
                "a step plan's users send back to back");
        assertEquals(
                List.of(), MemoryPlateaus.heldByStep(PlanShape.of(PlanOptions.chosen("talk", Map.of()))), "not staged");
    }
}
