package lab.threads.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.client.LoadRequest;
import lab.threads.common.WaitKind;
import org.junit.jupiter.api.Test;

class PlanPropertiesTest {

    @Test
    void planKnobsMustBeWholeNumbersInRange() {
        PlanProperties.check(Map.of("users", "20000", "rampup", "0", "port", "8083", "httpclient4.retrycount", "x"));

        assertThrows(IllegalArgumentException.class, () -> PlanProperties.check(Map.of("users", "abc")));
        assertThrows(IllegalArgumentException.class, () -> PlanProperties.check(Map.of("users", "0")));
        assertThrows(IllegalArgumentException.class, () -> PlanProperties.check(Map.of("rampup", "1.5")));
        assertThrows(IllegalArgumentException.class, () -> PlanProperties.check(Map.of("port", "70000")));
    }

    @Test
    void theWaitBecomesWhatThePlanAppendsToItsPathAndTheTargetItsHostAndPort() {
        Map<String, String> sleep = PlanProperties.of(load(WaitKind.SLEEP));
        assertEquals("", sleep.get(PlanProperties.HOW_QUERY), "the plain sleep sends no how=");
        assertEquals("127.0.0.1", sleep.get("host"));
        assertEquals("8083", sleep.get("port"));
        assertEquals("20", sleep.get("users"));

        assertEquals("&how=monitor", PlanProperties.of(load(WaitKind.MONITOR)).get(PlanProperties.HOW_QUERY));
        assertEquals("&how=db", PlanProperties.of(load(WaitKind.DB)).get(PlanProperties.HOW_QUERY));
        assertEquals(null, PlanProperties.of(load(WaitKind.MONITOR)).get("how"), "no -Jhow");
    }

    private static LoadRequest load(WaitKind how) {
        return new LoadRequest(
                URI.create("http://127.0.0.1:8083"),
                "jmeter-plans/talk.jmx",
                Map.of("users", "20"),
                how,
                20,
                new LoadRequest.Files(Path.of("samples.jtl"), Path.of("jmeter.log"), null, null),
                new LoadRequest.Jvm(null, List.of(), List.of(), true),
                List.of(),
                null);
    }
}
