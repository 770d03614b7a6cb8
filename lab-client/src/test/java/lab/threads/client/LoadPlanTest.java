package lab.threads.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.common.WaitKind;
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
        assertTrue(refused.getMessage().startsWith("--users (plan property users) takes a whole number"));
    }

    @Test
    void aSplitLoadIsSharedOnceForEveryClientAndItsSharesAddUp() {
        Map<String, String> properties = new LinkedHashMap<>(TALK);
        properties.put("rate", "1001");
        properties.put("connections", "7");
        LoadPlan whole = LoadPlan.of("p", WaitKind.SLEEP, properties);
        assertSame(whole, whole.share(ClientShare.WHOLE));
        long users = 0;
        long rate = 0;
        long connections = 0;
        int before = 0;
        for (int index = 1; index <= 3; index++) {
            LoadPlan part = whole.share(new ClientShare(index, 3));
            assertEquals(before, part.firstUser(), "its users come after the earlier processes'");
            before += (int) part.get(PlanKey.USERS, 0);
            users += part.get(PlanKey.USERS, 0);
            rate += part.get(PlanKey.RATE, 0);
            connections += part.get(PlanKey.CONNECTIONS, 0);
            assertEquals(3, part.get(PlanKey.LOOPS, 0), "what is not the load's size stays");
            assertEquals(6_000, part.get(PlanKey.SLEEP_MS, 0));
        }
        assertEquals(20_001, users);
        assertEquals(1_001, rate);
        assertEquals(7, connections);
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
