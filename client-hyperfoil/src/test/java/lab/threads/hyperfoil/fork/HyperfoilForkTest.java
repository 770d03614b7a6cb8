package lab.threads.hyperfoil.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.client.ClientShare;
import lab.threads.client.GuestProperties;
import lab.threads.client.LoadRequest;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanModel;
import lab.threads.model.wait.WaitKind;
import org.junit.jupiter.api.Test;

/** The fork's command line: the plan's knobs as Hyperfoil's flags, and its JIT chosen by the warm-up's length. */
class HyperfoilForkTest {

    private static List<String> command(String warmupSeconds) {
        return command(warmupSeconds, 0);
    }

    private static List<String> command(String warmupSeconds, int eventLoops) {
        return command(warmupSeconds, WaitKind.SLEEP, eventLoops);
    }

    private static List<String> command(String warmupSeconds, WaitKind how, int eventLoops) {
        return command(warmupSeconds, how, eventLoops, ClientShare.WHOLE, "0");
    }

    private static List<String> command(
            String warmupSeconds, WaitKind how, int eventLoops, ClientShare share, String rate) {
        return HyperfoilFork.command(
                new LoadRequest(
                        URI.create("http://127.0.0.1:8086"),
                        share.of(throughput(Map.of(
                                        "connections",
                                        "100",
                                        "warmup",
                                        warmupSeconds,
                                        "duration",
                                        "5",
                                        "sleep_ms",
                                        "0",
                                        "rate",
                                        rate))
                                .with(how)),
                        100,
                        share,
                        new LoadRequest.Files(Path.of("samples.jtl"), Path.of("hyperfoil.log"), null, null),
                        new LoadRequest.Jvm(Path.of("client-hyperfoil.jar"), List.of(), List.of(), true),
                        List.of(),
                        null),
                eventLoops);
    }

    @Test
    void theDefaultWarmUpCompilesWithC2AloneAShortOneKeepsTheTiers() {
        String c2Alone = "-XX:-TieredCompilation";
        List<String> afterTheDefault = command(Long.toString(HyperfoilFork.C2_ALONE_FROM_WARMUP_S));
        assertTrue(afterTheDefault.containsAll(List.of(c2Alone, "-XX:CICompilerCount=2")), afterTheDefault::toString);
        List<String> afterTwo = command("2");
        assertFalse(afterTwo.contains(c2Alone), "after 2 s, C2 alone would leave the load in the interpreter");
        assertFalse(afterTwo.stream().anyMatch(flag -> flag.startsWith("-XX:CICompilerCount")), afterTwo::toString);
    }

    @Test
    void thePlansKeysBecomeHyperfoilsFlags() {
        List<String> command = command("2");
        assertTrue(command.containsAll(List.of(
                "--host=127.0.0.1",
                "--port=8086",
                "--connections=100",
                "--rate=0",
                "--warmup-ms=2000",
                "--duration-ms=5000",
                "--sleep-ms=0",
                "--timeout-ms=30000")));
        assertEquals(1, command.stream().filter(arg -> arg.startsWith("--jtl=")).count());
        assertFalse(command.stream().anyMatch(arg -> arg.startsWith("--threads=")), "0: Hyperfoil's own count");
        assertFalse(command.stream().anyMatch(arg -> arg.startsWith("--how=")), "the plain sleep sends no how=");
        assertTrue(command("2", WaitKind.DB, 0).contains("--how=db"), "another wait is sent as how=");
    }

    @Test
    void aSplitLoadsProcessTakesItsShareOfConnectionsAndRateIdsOfItsOwnAndWaitsForGo() {
        assertFalse(
                command("2").stream().anyMatch(arg -> arg.startsWith("--rid-prefix=")), "one process: the ids as ever");
        assertFalse(command("2").contains("--await-go=true"));
        List<String> second = command("2", WaitKind.SLEEP, 0, new ClientShare(2, 3), "1000");
        assertTrue(second.containsAll(List.of("--connections=33", "--rate=333", "--await-go=true")), second::toString);
        assertTrue(second.contains("--rid-prefix=" + new ClientShare(2, 3).prefix()), second::toString);
        List<String> first = command("2", WaitKind.SLEEP, 0, new ClientShare(1, 3), "1000");
        assertTrue(first.containsAll(List.of("--connections=34", "--rate=334")), first::toString);
    }

    @Test
    void onCoresSharedWithTheServerItRunsHalfAsManyEventLoops() {
        assertEquals(1, HyperfoilFork.eventLoops(true, 1));
        assertEquals(1, HyperfoilFork.eventLoops(true, 2));
        assertEquals(4, HyperfoilFork.eventLoops(true, 8));
        assertEquals(0, HyperfoilFork.eventLoops(false, 8), "on cores of its own: one a core, Hyperfoil's default");
        List<String> shared = command("2", HyperfoilFork.eventLoops(true, 2));
        assertTrue(shared.contains("--threads=1"), shared::toString);
    }

    @Test
    void aGuestsPathAndExpectedStatusGoToTheForkTheLabsSleepOtherwise() {
        List<String> guest = HyperfoilFork.command(
                new LoadRequest(
                        URI.create("http://127.0.0.1:8080"),
                        throughput(Map.of("connections", "10", "warmup", "1", "duration", "5", "sleep_ms", "0"))
                                .withOthers(Map.of(
                                        GuestProperties.PATH,
                                        "/api/orders?id=1",
                                        GuestProperties.EXPECT_STATUS,
                                        "201")),
                        10,
                        ClientShare.WHOLE,
                        new LoadRequest.Files(Path.of("samples.jtl"), Path.of("hyperfoil.log"), null, null),
                        new LoadRequest.Jvm(Path.of("client-hyperfoil.jar"), List.of(), List.of(), true),
                        List.of(),
                        null),
                0);
        assertTrue(guest.contains("--path=/api/orders?id=1"), guest::toString);
        assertTrue(guest.contains("--expect-status=201"), guest::toString);
        assertTrue(command("1").stream().noneMatch(flag -> flag.startsWith("--path=")), "the lab's servers: /sleep");
    }

    /** A plan of JMeter's by its name, with no property: what a client's check looks at. */
    private static LoadPlan jmeterPlan(String name, PlanModel model) {
        return LoadPlan.read(name, name + ".jmx", LoadClient.JMETER, model, Map.of());
    }

    /** The throughput plan as Hyperfoil brings it, each of {@code given} set as an option sets it. */
    private static LoadPlan throughput(Map<String, String> given) {
        LoadPlan plan = new HyperfoilProgram().plan("throughput");
        for (Map.Entry<String, String> value : given.entrySet()) {
            plan = plan.with(value.getKey(), value.getValue());
        }
        return plan;
    }

    /** The talk plan's keys as the runner types them, for one process of {@code share}. */
    private static List<String> talk(ClientShare share, String connectTimeoutMs) {
        return HyperfoilFork.command(
                new LoadRequest(
                        URI.create("http://127.0.0.1:8083"),
                        share.of(LoadPlan.read(
                                "talk",
                                "talk.jmx",
                                LoadClient.JMETER,
                                PlanModel.CLOSED,
                                Map.of(
                                        "users",
                                        "20000",
                                        "rampup",
                                        "20",
                                        "loops",
                                        "3",
                                        "sleep_ms",
                                        "6000",
                                        "connect_timeout_ms",
                                        connectTimeoutMs,
                                        "response_timeout_ms",
                                        "60000"))),
                        20000,
                        share,
                        new LoadRequest.Files(Path.of("samples.jtl"), Path.of("hyperfoil.log"), null, null),
                        new LoadRequest.Jvm(Path.of("client-hyperfoil.jar"), List.of(), List.of(), true),
                        List.of(),
                        null),
                0);
    }

    @Test
    void aClosedPlansProcessSendsItsShareOfTheUsersOverTheWholeRamp() {
        List<String> second = talk(new ClientShare(2, 2), "30000");
        assertTrue(
                second.containsAll(List.of(
                        "--users=10000",
                        "--rampup-ms=20000",
                        "--loops=3",
                        "--connections=10000",
                        "--sleep-ms=6000",
                        "--timeout-ms=60000",
                        "--rid-prefix=p2-",
                        "--await-go=true")),
                second::toString);
        assertTrue(second.stream().noneMatch(flag -> flag.startsWith("--duration-ms=")), "users, not a duration");
        assertTrue(talk(ClientShare.WHOLE, "30000").contains("--users=20000"), "one process: every user");
        assertTrue(second.containsAll(HyperfoilFork.C1_ALONE), "no warm-up to repay C2's compilations");
        assertFalse(command("2").containsAll(HyperfoilFork.C1_ALONE), "the throughput plan keeps the tiers");
    }

    @Test
    void aClosedPlanWithAConnectTimeoutHyperfoilCannotSetIsRefused() {
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> talk(ClientShare.WHOLE, "5000"));
        assertTrue(refused.getMessage().contains("--connect-timeout-ms"), refused::getMessage);
    }

    @Test
    void itRunsTheTalksSmokeThroughputSpikeAndStepPlansAndRefusesOthersNamingThem() {
        HyperfoilClient client = new HyperfoilClient();
        for (String plan : List.of("talk", "smoke", "spike", "step")) {
            client.check(jmeterPlan(plan, PlanModel.CLOSED), 0, 0, false, false);
        }
        client.check(throughput(Map.of()), 0, 0, false, false);
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> client.check(jmeterPlan("open", PlanModel.OPEN), 0, 0, false, false));
        assertTrue(
                refused.getMessage().contains("talk, smoke, throughput, spike and step")
                        && refused.getMessage().contains("'open'")
                        && !refused.getMessage().contains("\n"),
                refused::getMessage);
    }
}
