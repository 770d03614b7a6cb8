package lab.threads.model.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import lab.threads.model.wait.WaitKind;
import org.junit.jupiter.api.Test;

class LoadPlanTest {

    private static final Map<String, String> TALK = Map.of(
            "users", "20001",
            "rampup", "20",
            "loops", "3",
            "sleep_ms", "6000",
            "source_address", "127.${__threadNum}",
            "my_own_knob", "x");

    @Test
    void theLabsKnobsAreTypedAndTheRestPassesThroughAsGiven() {
        LoadPlan plan = LoadPlan.of("jmeter-plans/talk.jmx", WaitKind.DB, TALK);
        assertEquals(20_001, plan.get(PlanKey.USERS, 0));
        assertEquals(6_000, plan.get(PlanKey.SLEEP_MS, 0));
        assertEquals(-1, plan.get(PlanKey.RATE, -1), "a closed plan has no rate");
        assertEquals("127.${__threadNum}", plan.sourceAddress());
        assertEquals(Map.of("my_own_knob", "x"), plan.others());
        assertEquals(TALK, plan.properties(), "as a plan names them, again");

        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> LoadPlan.of("p", WaitKind.SLEEP, Map.of("users", "lots")));
        assertEquals(
                "Plan property 'users' must be a whole number of at least 1, got 'lots': set it with --users.",
                refused.getMessage());
    }

    @Test
    void aWarmUpIsTheSameRequestsFromFewUsersOnce() {
        LoadPlan warmUp = LoadPlan.of("p", WaitKind.SLEEP, TALK).warmUp(200);
        assertEquals(200, warmUp.get(PlanKey.USERS, 0));
        assertEquals(1, warmUp.get(PlanKey.LOOPS, 0));
        assertEquals(1, warmUp.get(PlanKey.RAMPUP, 0));
        assertEquals(6_000, warmUp.get(PlanKey.SLEEP_MS, 0));
    }
}
