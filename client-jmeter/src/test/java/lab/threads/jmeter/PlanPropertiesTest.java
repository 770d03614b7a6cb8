package lab.threads.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.client.ClientShare;
import lab.threads.client.LoadRequest;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;
import lab.threads.model.wait.WaitKind;
import org.junit.jupiter.api.Test;

class PlanPropertiesTest {

    @Test
    void theWaitBecomesWhatThePlanAppendsToItsPathAndTheTargetItsHostAndPort() {
        Map<String, String> sleep = PlanProperties.of(load(WaitKind.SLEEP));
        assertEquals("", sleep.get(PlanKey.HOW_QUERY.property()), "the plain sleep sends no how=");
        assertEquals("127.0.0.1", sleep.get("host"));
        assertEquals("8083", sleep.get("port"));
        assertEquals("20", sleep.get("users"));

        assertEquals("&how=monitor", PlanProperties.of(load(WaitKind.MONITOR)).get(PlanKey.HOW_QUERY.property()));
        assertEquals("&how=db", PlanProperties.of(load(WaitKind.DB)).get(PlanKey.HOW_QUERY.property()));
        assertEquals(null, PlanProperties.of(load(WaitKind.MONITOR)).get("how"), "no -Jhow");
    }

    @Test
    void aSplitLoadsProcessTakesItsShareWithIdsThreadNamesAndUserNumbersOfItsOwn() {
        Map<String, String> properties = Map.of("users", "21", "source_address", "per-user");
        Map<String, String> whole = PlanProperties.of(load(WaitKind.SLEEP, properties, ClientShare.WHOLE));
        assertEquals("21", whole.get("users"));
        assertEquals("", whole.get(PlanKey.RID_PREFIX.property()), "a load of one process keeps the plan's ids");
        assertEquals("127.${__threadNum}", whole.get("source_address"));
        assertFalse(whole.containsKey(PlanProperties.THREAD_NAME_PREFIX));

        Map<String, String> first = PlanProperties.of(load(WaitKind.SLEEP, properties, new ClientShare(1, 2)));
        Map<String, String> second = PlanProperties.of(load(WaitKind.SLEEP, properties, new ClientShare(2, 2)));
        assertEquals(21, Integer.parseInt(first.get("users")) + Integer.parseInt(second.get("users")));
        assertEquals("11", first.get("users"));
        assertNotEquals(first.get(PlanKey.RID_PREFIX.property()), second.get(PlanKey.RID_PREFIX.property()));
        assertNotEquals(first.get(PlanProperties.THREAD_NAME_PREFIX), second.get(PlanProperties.THREAD_NAME_PREFIX));
        // The second process's users come after the first's 11: user n is 127.(11 + n).
        assertEquals("127.${__intSum(${__threadNum},11,)}", second.get("source_address"));
        assertEquals("127.${__intSum(${__threadNum},0,)}", first.get("source_address"));
    }

    @Test
    void perUserIsEachUsersOwnLoopbackAddressTowardsLoopbackOnlyAndTheOthersAreWhatJMeterTakes() {
        LoadPlan perUser = plan(WaitKind.SLEEP, Map.of("users", "20", "source_address", "per-user"));
        assertEquals("127.${__threadNum}", sourceAddress(perUser, "http://127.0.0.1:8083"));
        assertEquals("", sourceAddress(perUser, "http://192.0.2.1:8083"), "the kernel picks towards another host");
        assertEquals("", sourceAddress(perUser, "http://[::1]:8083"), "and towards IPv6's loopback");
        LoadPlan system = perUser.with("source_address", "system");
        assertEquals("", sourceAddress(system, "http://127.0.0.1:8083"));
        assertEquals("127.0.0.2", sourceAddress(perUser.with("source_address", "127.0.0.2"), "http://127.0.0.1:8083"));
        assertEquals("system", system.properties().get("source_address"), "run.json keeps the word");
    }

    private static String sourceAddress(LoadPlan plan, String target) {
        return PlanProperties.of(load(target, plan, 20, ClientShare.WHOLE)).get("source_address");
    }

    @Test
    void anOpenPlansRateIsShared() {
        Map<String, String> properties = Map.of("rate", "1001");
        assertEquals(
                "501",
                PlanProperties.of(load(WaitKind.SLEEP, properties, new ClientShare(1, 2)))
                        .get("rate"));
        assertEquals(
                "500",
                PlanProperties.of(load(WaitKind.SLEEP, properties, new ClientShare(2, 2)))
                        .get("rate"));
    }

    private static LoadRequest load(WaitKind how) {
        return load(how, Map.of("users", "20"), ClientShare.WHOLE);
    }

    /** The talk's plan with {@code properties} as its own, its requests carrying the wait. */
    private static LoadPlan plan(WaitKind how, Map<String, String> properties) {
        Map<String, String> read = new LinkedHashMap<>(properties);
        read.put(PlanKey.HOW_QUERY.property(), "");
        return LoadPlan.read("talk", "jmeter-plans/talk.jmx", LoadClient.JMETER, PlanModel.CLOSED, read)
                .with(how);
    }

    /** The load of one process as the runner makes it: the plan's share. */
    private static LoadRequest load(WaitKind how, Map<String, String> properties, ClientShare share) {
        return load(
                "http://127.0.0.1:8083",
                share.of(plan(how, properties)),
                Integer.parseInt(properties.getOrDefault("users", "20")),
                share);
    }

    private static LoadRequest load(String target, LoadPlan plan, int users, ClientShare share) {
        return new LoadRequest(
                URI.create(target),
                plan,
                users,
                share,
                new LoadRequest.Files(Path.of("samples.jtl"), Path.of("jmeter.log"), null, null),
                new LoadRequest.Jvm(null, List.of(), List.of(), true),
                List.of(),
                null);
    }
}
