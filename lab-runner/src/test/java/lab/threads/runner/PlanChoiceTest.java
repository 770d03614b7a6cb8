package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Map;

import lab.threads.report.PlanShape;
import org.junit.jupiter.api.Test;

class PlanChoiceTest {

    @Test
    void theTalkPlanDefaultsAreTheTalk() throws IOException {
        PlanShape shape = PlanChoice.resolve("talk", Map.of()).shape();
        assertEquals(new PlanShape(20000, 20, 3, 6000), shape);
        assertEquals(60000, shape.idealSamples());
        // The last user starts at rampup x (n-1)/n, as JMeter spaces them, then runs its 3 loops of 6 s.
        assertEquals(60000 / (20.0 * 19999 / 20000 + 3 * 6.0), shape.idealThroughput(), 1e-9);
    }

    @Test
    void overridesReplaceThePlansDefaults() throws IOException {
        PlanChoice plan = PlanChoice.resolve("smoke", Map.of("users", "7", "sleep_ms", "250"));
        assertEquals(7, plan.shape().users());
        assertEquals(250, plan.shape().sleepMs());
        assertEquals("60000", plan.properties().get("response_timeout_ms"), "untouched knobs keep the plan's default");
    }

    @Test
    void defaultsAreReadFromThePlansOwnPropertyReferences() {
        Map<String, String> defaults = PlanChoice.defaults("<a>${__P(users,5)}</a><b>/x?ms=${__P(sleep_ms,10)}</b><c>${__P(users,9)}</c>");
        assertEquals(Map.of("users", "5", "sleep_ms", "10"), defaults);
    }
}
