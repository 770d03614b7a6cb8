package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.wait.WaitKind;
import lab.threads.run.PlanShape;
import lab.threads.run.Sweep;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Test;

/**
 * The lab's own plan knobs, {@code --how} first: an option of ./lab run with its twins, a property of every plan
 * (sweepable, in run.json), checked against the servers' waits, and a JMeter property only at the fork.
 */
class PlanOptionsTest {

    @Test
    void everyPlanTakesHowAndSleepIsTheDefault() throws Exception {
        for (String plan : List.of("talk", "smoke", "open", "throughput")) {
            LoadPlan chosen = PlanOptions.chosen(plan, Map.of());
            assertEquals(WaitKind.SLEEP, chosen.how(), plan);
            assertEquals("sleep", chosen.properties().get("how"), plan + ": run.json's planProperties say it");
            assertEquals(null, PlanShape.of(chosen).how(), plan + ": the plain sleep leaves summary.json as it was");
        }
    }

    @Test
    void howIsCheckedAgainstTheServersWaits() throws Exception {
        LoadPlan monitor = PlanOptions.chosen("smoke", Map.of("how", "monitor"));
        assertEquals(WaitKind.MONITOR, monitor.how());
        assertEquals("monitor", PlanShape.of(monitor).how(), "the report's plan line names it");
        IllegalArgumentException bad =
                assertThrows(IllegalArgumentException.class, () -> PlanOptions.chosen("smoke", Map.of("how", "nap")));
        assertTrue(bad.getMessage().contains(WaitKind.ids()), bad.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> PlanOptions.chosen("smoke", Map.of(PlanKey.HOW_QUERY.property(), "&how=monitor")),
                "the fork's property is the runner's");
    }

    @Test
    void theOptionAndItsTwinsReachThePlan() throws Exception {
        picocli.CommandLine cli = LabCommand.commandLine();
        cli.parseArgs("--plan=smoke", "--how=monitor");
        LabCommand parsed = cli.getCommand();
        assertEquals(WaitKind.MONITOR, parsed.options().plan().how());
    }

    @Test
    void aSweepOverHowIsOneCasePerWait() throws Exception {
        List<RunCase> cases =
                RunCase.expand(PlanOptions.chosen("smoke", Map.of()), Sweep.parse("how=sleep,monitor"), 1);
        assertEquals(
                List.of("how-sleep", "how-monitor"),
                cases.stream().map(RunCase::folder).toList());
        assertEquals(WaitKind.MONITOR, cases.get(1).plan().how());
        assertThrows(
                IllegalArgumentException.class,
                () -> RunCase.expand(PlanOptions.chosen("smoke", Map.of()), Sweep.parse("how=sleep,nap"), 1));
    }

    @Test
    void theWaitAndTheNumbersReachTheClientTyped() throws Exception {
        // Rendered only at the fork: client-jmeter's PlanPropertiesTest checks that its -J properties hold no how.
        LoadPlan load = PlanOptions.chosen("smoke", Map.of("how", "monitor", "users", "5"));
        assertEquals(WaitKind.MONITOR, load.how());
        assertEquals(5, load.get(PlanKey.USERS, 0));
    }

    @Test
    void everyKeyWithADescriptionIsAnOptionAndTheLabsHaveTheirDefaults() {
        picocli.CommandLine.Model.CommandSpec spec = LabCommand.commandLine().getCommandSpec();
        for (PlanKey key : PlanKey.values()) {
            picocli.CommandLine.Model.OptionSpec option = spec.findOption(key.flag());
            assertEquals(key.description().isPresent(), option != null, key.flag());
            if (option != null) {
                assertEquals(key.defaultValue(), option.defaultValue(), key.flag());
            }
        }
    }

    @Test
    void aValueIsCheckedWhereItIsGivenByTheKeysRange() throws Exception {
        IllegalArgumentException pool = assertThrows(
                IllegalArgumentException.class, () -> PlanOptions.chosen("smoke", Map.of("db_pool_timeout_ms", "100")));
        assertEquals(
                "Plan property 'db_pool_timeout_ms' must be a whole number of at least 250, got '100': set it with"
                        + " --db-pool-timeout-ms.",
                pool.getMessage());
        IllegalArgumentException steps =
                assertThrows(IllegalArgumentException.class, () -> PlanOptions.chosen("step", Map.of("steps", "11")));
        assertEquals(
                "Plan property 'steps' must be a whole number of at least 1 and at most 10, got '11': set it with"
                        + " --steps.",
                steps.getMessage());
    }
}
