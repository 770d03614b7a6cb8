package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import lab.threads.model.plan.PlanKey;
import lab.threads.run.PlanShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void theSpikePlansUsersAreTheBaseThenItsMultipleThenTheBase() throws IOException {
        PlanShape shape = PlanChoice.resolve(
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
                                "500"))
                .shape();
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
                () -> PlanChoice.resolve("spike", Map.of("spike_at", "55", "spike_seconds", "10", "duration", "60"))
                        .shape());
    }

    @Test
    void theStepPlanAddsItsUsersEveryStep() throws IOException {
        PlanShape shape = PlanChoice.resolve("step", Map.of("users", "100", "steps", "3", "step_seconds", "5"))
                .shape();
        assertEquals(
                List.of(
                        new PlanShape.Stage(0, 5, 100),
                        new PlanShape.Stage(5, 10, 200),
                        new PlanShape.Stage(10, 15, 300)),
                shape.stages());
        assertThrows(
                IllegalArgumentException.class,
                () -> PlanChoice.resolve("step", Map.of("steps", "11")).shape());
    }

    @Test
    void theOpenPlanIsOpenAndItsIdealIsRateTimesDuration() throws IOException {
        PlanChoice plan = PlanChoice.resolve("open", Map.of("rate", "50", "duration", "4", "sleep_ms", "200"));
        assertTrue(plan.open());
        assertEquals(PlanShape.open(50, 0, 4, 200), plan.shape());
        assertEquals(200, plan.shape().idealSamples());
        assertEquals(
                5000 + 30000, plan.timeoutMs(PlanKey.CONNECT_TIMEOUT_MS) + plan.timeoutMs(PlanKey.RESPONSE_TIMEOUT_MS));
        assertFalse(PlanChoice.resolve("talk", Map.of()).open());
    }

    @Test
    void anOpenPlanWithoutADurationSaysWhatItNeeds(@TempDir Path dir) throws IOException {
        String open;
        try (InputStream in = PlanChoice.class.getClassLoader().getResourceAsStream("jmeter-plans/open.jmx")) {
            open = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path fixed = Files.writeString(dir.resolve("fixed.jmx"), open.replace("${__P(duration,60)}", "60"));
        PlanChoice plan = PlanChoice.resolve(fixed.toString(), Map.of());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, plan::shape);
        assertEquals(
                "The open plan 'fixed' has no 'duration' property: the runner needs ${__P(duration,...)} in it "
                        + "(as in jmeter-plans/open.jmx) to work out its ideal.",
                refused.getMessage());
    }

    @Test
    void theThroughputPlanIsConnectionsForADurationAndGoesWithHyperfoilOnly() throws IOException {
        PlanChoice plan = PlanChoice.resolve("throughput", Map.of("connections", "1000", "duration", "20"));
        assertTrue(plan.connections());
        assertEquals(PlanShape.throughput(1000, 20, 0), plan.shape());
        assertEquals("10", plan.properties().get("warmup"));
        assertEquals("250", plan.with("connections", "250").properties().get("connections"), "sweepable");
        assertEquals(
                PlanShape.open(500, 0, 20, 0),
                plan.with("rate", "500").shape(),
                "a rate: arrivals at it, an open plan's ideal and schedule");
        assertThrows(IllegalArgumentException.class, () -> PlanChoice.resolve("throughput", Map.of("loops", "3")));

        ChosenClient hyperfoil = ClientPrograms.choose("hyperfoil");
        hyperfoil.check(plan.asked(0, 0, GuestRun.NONE));
        for (String jmeter : List.of("jmeter", "virtual", "platform")) {
            IllegalArgumentException refused = assertThrows(
                    IllegalArgumentException.class,
                    () -> ClientPrograms.choose(jmeter).check(plan.asked(0, 0, GuestRun.NONE)));
            assertTrue(refused.getMessage().contains("--client hyperfoil"), refused.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> hyperfoil.check(plan.asked(1, 0, GuestRun.NONE)), "workers");
        assertThrows(
                IllegalArgumentException.class, () -> hyperfoil.check(plan.asked(0, 10, GuestRun.NONE)), "warm-up");
        // A guest's body check, or https, is JMeter's only.
        GuestRun bodyChecked = new GuestRun(
                lab.threads.runner.guest.Guest.of(
                        Map.of("g", java.net.URI.create("http://127.0.0.1:1/x")),
                        Map.of(),
                        Map.of(),
                        java.util.Set.of()),
                new lab.threads.runner.guest.Expected(200, "ok"),
                null);
        IllegalArgumentException body =
                assertThrows(IllegalArgumentException.class, () -> hyperfoil.check(plan.asked(0, 0, bodyChecked)));
        assertTrue(body.getMessage().contains("leave --expect-body out"), body.getMessage());
        PlanChoice talk = PlanChoice.resolve("talk", Map.of());
        ClientPrograms.choose("virtual").check(talk.asked(2, 100, GuestRun.NONE));
        // Hyperfoil sends the talk's and smoke plans from their knobs too, and refuses the open plan by name.
        hyperfoil.check(talk.asked(0, 0, GuestRun.NONE));
        hyperfoil.check(PlanChoice.resolve("smoke", Map.of()).asked(0, 0, GuestRun.NONE));
        IllegalArgumentException open = assertThrows(
                IllegalArgumentException.class,
                () -> hyperfoil.check(PlanChoice.resolve("open", Map.of()).asked(0, 0, GuestRun.NONE)));
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
