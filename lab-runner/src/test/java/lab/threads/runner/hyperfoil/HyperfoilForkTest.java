package lab.threads.runner.hyperfoil;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fork's command line: the plan's knobs as Hyperfoil's flags, and its JIT chosen by the warm-up's length. */
class HyperfoilForkTest {

    private static List<String> command(String warmupSeconds) {
        return command(warmupSeconds, 0);
    }

    private static List<String> command(String warmupSeconds, int eventLoops) {
        return HyperfoilFork.command(
                Path.of("client-hyperfoil.jar"),
                URI.create("http://127.0.0.1:8086"),
                Map.of("connections", "100", "warmup", warmupSeconds, "duration", "5", "sleep_ms", "0"),
                Path.of("samples.jtl"),
                List.of(),
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
    void thePlansKnobsBecomeHyperfoilsFlags() {
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
                Path.of("client-hyperfoil.jar"),
                URI.create("http://127.0.0.1:8080"),
                Map.of(
                        "connections", "10",
                        "warmup", "1",
                        "duration", "5",
                        "sleep_ms", "0",
                        "guest_path", "/api/orders?id=1",
                        "expect_status", "201"),
                Path.of("samples.jtl"),
                List.of(),
                0);
        assertTrue(guest.contains("--path=/api/orders?id=1"), guest::toString);
        assertTrue(guest.contains("--expect-status=201"), guest::toString);
        assertTrue(command("1").stream().noneMatch(flag -> flag.startsWith("--path=")), "the lab's servers: /sleep");
    }
}
