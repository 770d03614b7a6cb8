package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.client.ChosenClient;
import lab.threads.client.ClientPrograms;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;
import lab.threads.run.PlanShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plan of a run as chosen at the flag ({@link PlanOptions#chosen}): its shape by model, its client's checks. */
class ChosenPlanTest {

    @Test
    void theTalkPlanDefaultsAreTheTalk() throws IOException {
        PlanShape shape = PlanShape.of(PlanOptions.chosen("talk", Map.of()));
        assertEquals(PlanShape.closed(20000, 20, 3, 6000), shape);
        assertEquals(60000, shape.idealSamples());
        // The last user starts at rampup x (n-1)/n, as JMeter spaces them, then runs its 3 loops of 6 s.
        assertEquals(60000 / (20.0 * 19999 / 20000 + 3 * 6.0), shape.idealThroughput(), 1e-9);
    }

    @Test
    void overridesReplaceThePlansDefaults() throws IOException {
        LoadPlan plan = PlanOptions.chosen("smoke", Map.of("users", "7", "sleep_ms", "250"));
        assertEquals(PlanShape.closed(7, 2, 2, 250), PlanShape.of(plan));
        assertEquals(250, PlanShape.of(plan).sleepMs());
        assertEquals("60000", plan.properties().get("response_timeout_ms"), "untouched knobs keep the plan's default");
    }

    @Test
    void theSpikePlansUsersAreTheBaseThenItsMultipleThenTheBase() throws IOException {
        PlanShape.Staged shape = assertInstanceOf(
                PlanShape.Staged.class,
                PlanShape.of(PlanOptions.chosen(
                        "spike",
                        Map.of(
                                "users",
                                "10",
                                "spike_factor",
                                "5",
                                "spike_at",
                                "6",
                                "spike_seconds",
                                "4",
                                "duration",
                                "20",
                                "sleep_ms",
                                "500"))));
        assertEquals(
                List.of(new PlanShape.Stage(0, 6, 10), new PlanShape.Stage(6, 10, 50), new PlanShape.Stage(10, 20, 10)),
                shape.stages());
        assertEquals(50, shape.users(), "the peak: what the client's processes and heap are sized for");
        // As JMeter runs the groups (user k of n starts ramp x k / n after its group, all stop at the group's end): the
        // base's 10 users over spike.jmx's 5 s ramp-up, user k at 0.5k s with 20 - 0.5k s left, 40 - k requests of
        // 0.5 s; the spike's 40 over its 1 s, user k at 25k ms with 4 s less that left: 8 requests for k < 20, 7 after.
        long base = 0;
        for (int k = 0; k < 10; k++) {
            base += 40 - k;
        }
        assertEquals(base + 20 * 8 + 20 * 7, shape.idealSamples());
        assertEquals(20.0, shape.idealDurationSeconds(), 1e-9, "the base's users each end their last at 20 s");
        assertThrows(
                IllegalArgumentException.class,
                () -> PlanShape.of(PlanOptions.chosen(
                        "spike", Map.of("spike_at", "55", "spike_seconds", "10", "duration", "60"))));
    }

    @Test
    void theStepPlanAddsItsUsersEveryStep() throws IOException {
        PlanShape.Staged shape = assertInstanceOf(
                PlanShape.Staged.class,
                PlanShape.of(PlanOptions.chosen("step", Map.of("users", "100", "steps", "3", "step_seconds", "5"))));
        assertEquals(
                List.of(
                        new PlanShape.Stage(0, 5, 100),
                        new PlanShape.Stage(5, 10, 200),
                        new PlanShape.Stage(10, 15, 300)),
                shape.stages());
        assertThrows(IllegalArgumentException.class, () -> PlanOptions.chosen("step", Map.of("steps", "11")));
    }

    @Test
    void theOpenPlanIsOpenAndItsIdealIsRateTimesDuration() throws IOException {
        LoadPlan plan = PlanOptions.chosen("open", Map.of("rate", "50", "duration", "4", "sleep_ms", "200"));
        assertEquals(PlanModel.OPEN, plan.model());
        assertEquals(PlanShape.open(50, 0, 4, 200), PlanShape.of(plan));
        assertEquals(200, PlanShape.of(plan).idealSamples());
        assertEquals(5000 + 30000, plan.get(PlanKey.CONNECT_TIMEOUT_MS, 0) + plan.get(PlanKey.RESPONSE_TIMEOUT_MS, 0));
        assertEquals(PlanModel.CLOSED, PlanOptions.chosen("talk", Map.of()).model());
    }

    @Test
    void anOpenPlanWithoutADurationSaysWhatItNeeds(@TempDir Path dir) throws IOException {
        String open;
        try (InputStream in = PlanOptions.class.getClassLoader().getResourceAsStream("jmeter-plans/open.jmx")) {
            open = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path fixed = Files.writeString(dir.resolve("fixed.jmx"), open.replace("${__P(duration,60)}", "60"));
        LoadPlan plan = PlanOptions.chosen(fixed.toString(), Map.of());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> PlanShape.of(plan));
        assertEquals(
                "The open plan 'fixed' has no 'duration' property: the runner needs ${__P(duration,...)} in it "
                        + "(as in jmeter-plans/open.jmx) to work out its ideal.",
                refused.getMessage());
    }

    @Test
    void theThroughputPlanIsConnectionsForADurationAndGoesWithHyperfoilOnly() throws IOException {
        LoadPlan plan = PlanOptions.chosen("throughput", Map.of("connections", "1000", "duration", "20"));
        assertEquals(PlanModel.CONNECTIONS, plan.model());
        assertEquals(PlanShape.throughput(1000, 20, 0), PlanShape.of(plan));
        assertEquals("10", plan.properties().get("warmup"));
        assertEquals(
                "250", PlanOptions.with(plan, "connections", "250").properties().get("connections"), "sweepable");
        assertEquals(
                PlanShape.open(500, 0, 20, 0),
                PlanShape.of(PlanOptions.with(plan, "rate", "500")),
                "a rate: arrivals at it, an open plan's ideal and schedule");
        assertThrows(IllegalArgumentException.class, () -> PlanOptions.chosen("throughput", Map.of("loops", "3")));

        ChosenClient hyperfoil = ClientPrograms.choose("hyperfoil");
        hyperfoil.check(plan, 0, 0, false, false);
        for (String jmeter : List.of("jmeter", "virtual", "platform")) {
            IllegalArgumentException refused = assertThrows(
                    IllegalArgumentException.class,
                    () -> ClientPrograms.choose(jmeter).check(plan, 0, 0, false, false));
            assertTrue(refused.getMessage().contains("--client hyperfoil"), refused.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> hyperfoil.check(plan, 1, 0, false, false), "workers");
        assertThrows(IllegalArgumentException.class, () -> hyperfoil.check(plan, 0, 10, false, false), "warm-up");
        // A guest's body check, or https, is JMeter's only.
        GuestRun bodyChecked = new GuestRun(
                lab.threads.runner.guest.Guest.of(
                        Map.of("g", java.net.URI.create("http://127.0.0.1:1/x")),
                        Map.of(),
                        Map.of(),
                        java.util.Set.of()),
                new lab.threads.runner.guest.Expected(200, "ok"),
                null);
        IllegalArgumentException body = assertThrows(
                IllegalArgumentException.class,
                () -> hyperfoil.check(plan, 0, 0, bodyChecked.bodyChecked(), bodyChecked.overHttps()));
        assertTrue(body.getMessage().contains("leave --expect-body out"), body.getMessage());
        LoadPlan talk = PlanOptions.chosen("talk", Map.of());
        ClientPrograms.choose("virtual").check(talk, 2, 100, false, false);
        // Hyperfoil sends the talk's and smoke plans from their knobs too, and refuses the open plan by name.
        hyperfoil.check(talk, 0, 0, false, false);
        hyperfoil.check(PlanOptions.chosen("smoke", Map.of()), 0, 0, false, false);
        IllegalArgumentException open = assertThrows(
                IllegalArgumentException.class,
                () -> hyperfoil.check(PlanOptions.chosen("open", Map.of()), 0, 0, false, false));
        assertTrue(open.getMessage().contains("talk, smoke, throughput, spike and step"), open.getMessage());
    }

    @Test
    void clientNamesJmeterAsItsDefaultAndRefusesOthers() {
        ChosenClient jmeter = ClientPrograms.choose("jmeter");
        assertEquals(LoadClient.JMETER, jmeter.program());
        assertEquals("virtual", jmeter.label(), "JMeter's users on virtual threads");
        assertEquals(LoadClient.HYPERFOIL, ClientPrograms.choose(" Hyperfoil ").program());
        assertEquals("platform", ClientPrograms.choose("platform").label());
        assertTrue(ClientPrograms.choose("platform").threadPerUser());
        assertEquals(false, jmeter.threadPerUser());
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> ClientPrograms.choose("gatling"));
        assertEquals(
                "--client must be jmeter (= virtual), virtual, platform or hyperfoil, got 'gatling'.",
                refused.getMessage());
    }
}
