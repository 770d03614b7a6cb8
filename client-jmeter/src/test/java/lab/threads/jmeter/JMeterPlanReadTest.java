package lab.threads.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the runner learns of a JMeter plan: its knobs from its own references, its model, its client. */
class JMeterPlanReadTest {

    @Test
    void defaultsAreReadFromThePlansOwnPropertyReferences() {
        Map<String, String> defaults =
                JMeterPlans.defaults("<a>${__P(users,5)}</a><b>/x?ms=${__P(sleep_ms,10)}</b><c>${__P(users,9)}</c>");
        assertEquals(Map.of("users", "5", "sleep_ms", "10"), defaults);
    }

    @Test
    void everyBundledPlanIsJMetersAndReadsTheLabsWait() throws IOException {
        for (String name : new JMeterProgram().planNames()) {
            LoadPlan plan = new JMeterProgram().plan(name);
            assertEquals(LoadClient.JMETER, plan.client(), name);
            assertEquals("jmeter-plans/" + name + ".jmx", plan.location(), name);
            assertTrue(plan.readsHow(), name + " reads ${__P(" + PlanKey.HOW_QUERY.property() + ",)}");
        }
        assertEquals(PlanModel.OPEN, new JMeterProgram().plan("open").model());
        assertEquals(PlanModel.CLOSED, new JMeterProgram().plan("talk").model());
    }

    @Test
    void aFileIsReadByItsOwnReferencesAndNamedWithoutItsExtension(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("mine.jmx"), "<x>${__P(users,3)}</x>");
        LoadPlan plan = new JMeterProgram().planFile(file).orElseThrow();
        assertEquals("mine", plan.name());
        assertEquals(3, plan.get(PlanKey.USERS, 0));
        assertFalse(plan.readsHow());
        assertEquals(file.toAbsolutePath().toString(), plan.location());
    }
}
