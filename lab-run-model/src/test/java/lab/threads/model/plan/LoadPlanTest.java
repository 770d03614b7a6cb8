package lab.threads.model.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.model.client.LoadClient;
import lab.threads.model.wait.WaitKind;
import org.junit.jupiter.api.Test;

class LoadPlanTest {

    /** A .jmx's own defaults, as JMeter's client reads them: the runner's and the fork's among them. */
    private static final Map<String, String> TALK = Map.of(
            "users", "20001",
            "rampup", "20",
            "loops", "3",
            "sleep_ms", "6000",
            "source_address", "",
            "host", "127.0.0.1",
            "how_query", "",
            "my_own_knob", "x");

    private static LoadPlan talk() {
        return LoadPlan.read("talk", "jmeter-plans/talk.jmx", LoadClient.JMETER, PlanModel.CLOSED, TALK);
    }

    @Test
    void thePlansDefaultsAreReadTypedOnceWithTheLabsOwnAndTheRestPassesThroughAsGiven() {
        LoadPlan plan = talk();
        assertEquals(20_001, plan.get(PlanKey.USERS, 0));
        assertEquals(6_000, plan.get(PlanKey.SLEEP_MS, 0));
        assertEquals(-1, plan.get(PlanKey.RATE, -1), "a closed plan has no rate");
        assertEquals(SourceAddress.Choice.SYSTEM, plan.sourceAddress(), "empty, as JMeter reads it: the kernel picks");
        assertEquals(Map.of("my_own_knob", "x"), plan.others());
        assertTrue(plan.readsHow(), "its requests carry the lab's wait");
        assertEquals(WaitKind.SLEEP, plan.how());
        assertFalse(plan.has(PlanKey.HOST), "set for each server by the runner, not the plan's");

        Map<String, String> rendered = new LinkedHashMap<>();
        rendered.put("users", "20001");
        rendered.put("rampup", "20");
        rendered.put("loops", "3");
        rendered.put("sleep_ms", "6000");
        rendered.put("source_address", "system");
        rendered.put("how", "sleep");
        rendered.put("db_pool", "10");
        rendered.put("db_pool_timeout_ms", "30000");
        rendered.put("http_pool", "5");
        rendered.put("http_pool_timeout_ms", "180000");
        rendered.put("my_own_knob", "x");
        assertEquals(rendered, plan.properties(), "as run.json records them: the keys in the model's order");
        assertEquals(
                java.util.List.copyOf(rendered.keySet()),
                java.util.List.copyOf(plan.properties().keySet()));
    }

    @Test
    void aValueGivenAsTextIsParsedOnceWhereItIsGivenByTheKeysRangeAndTheModels() {
        LoadPlan plan = talk().with("users", "7").with("how", "db").with("my_own_knob", "y");
        assertEquals(7, plan.get(PlanKey.USERS, 0));
        assertEquals(WaitKind.DB, plan.how());
        assertEquals(10, plan.poolSize(), "how=db waits through the database pool");
        assertEquals("y", plan.others().get("my_own_knob"));
        assertEquals(
                SourceAddress.Choice.PER_USER,
                talk().with("source_address", "per-user").sourceAddress());
        assertEquals(
                "127.0.0.9",
                talk().with("source_address", "127.0.0.9").properties().get("source_address"));

        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> talk().with("users", "lots"));
        assertEquals(
                "Plan property 'users' must be a whole number of at least 1, got 'lots': set it with --users.",
                refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> talk().with("users", "0"));
        assertThrows(IllegalArgumentException.class, () -> talk().with("rampup", "1.5"));
        assertThrows(IllegalArgumentException.class, () -> talk().with("how", "nap"));
        assertThrows(IllegalArgumentException.class, () -> talk().with("source_address", "127.${__threadNum}"));
        IllegalArgumentException open = assertThrows(IllegalArgumentException.class, () -> talk().with("rate", "5"));
        assertTrue(open.getMessage().contains("'rate' is a knob of open plans"), open.getMessage());
        assertThrows(IllegalArgumentException.class, () -> talk().with("no_such", "1"), "a property the plan lacks");

        LoadPlan arrivals = LoadPlan.read("open", "open.jmx", LoadClient.JMETER, PlanModel.OPEN, Map.of("rate", "100"));
        assertThrows(
                IllegalArgumentException.class,
                () -> arrivals.with("rate", "0"),
                "the keys that make a model are at least 1: an open plan's rate");
        LoadPlan connections = LoadPlan.read(
                "throughput", "throughput", LoadClient.HYPERFOIL, PlanModel.CONNECTIONS, Map.of("rate", "100"));
        assertEquals(0, connections.with("rate", "0").get(PlanKey.RATE, -1), "back to back, not the model's key");
    }

    @Test
    void aPlansSourceAddressDefaultIsOneTheOptionTakesOrEmptyForTheSystemsPick() {
        assertEquals(SourceAddress.Choice.SYSTEM, talk().sourceAddress());
        Map<String, String> perUser = Map.of("source_address", "per-user");
        assertEquals(
                SourceAddress.Choice.PER_USER,
                LoadPlan.read("mine", "mine.jmx", LoadClient.JMETER, PlanModel.CLOSED, perUser)
                        .sourceAddress());
        Map<String, String> expression = Map.of("source_address", "127.${__threadNum}");
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> LoadPlan.read("mine", "mine.jmx", LoadClient.JMETER, PlanModel.CLOSED, expression));
        assertTrue(refused.getMessage().startsWith("The plan 'mine'"), refused.getMessage());
        assertTrue(refused.getMessage().contains("--source-address"), refused.getMessage());
        assertEquals(
                null,
                LoadPlan.read("mine", "mine.jmx", LoadClient.JMETER, PlanModel.CLOSED, Map.of())
                        .sourceAddress(),
                "a plan without the property has none");
    }

    @Test
    void aPlanWhoseRequestsDoNotCarryTheWaitTakesOnlyThePlainSleep() {
        LoadPlan plan = LoadPlan.read("mine", "mine.jmx", LoadClient.JMETER, PlanModel.CLOSED, Map.of("users", "3"));
        assertEquals(WaitKind.SLEEP, plan.with("how", "sleep").how());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> plan.with("how", "db"));
        assertTrue(refused.getMessage().contains("does not read ${__P(how_query,)}"), refused.getMessage());
    }

    @Test
    void aWarmUpIsTheSameRequestsFromFewUsersOnce() {
        LoadPlan warmUp = talk().warmUp(200);
        assertEquals(200, warmUp.get(PlanKey.USERS, 0));
        assertEquals(1, warmUp.get(PlanKey.LOOPS, 0));
        assertEquals(1, warmUp.get(PlanKey.RAMPUP, 0));
        assertEquals(6_000, warmUp.get(PlanKey.SLEEP_MS, 0));
    }
}
