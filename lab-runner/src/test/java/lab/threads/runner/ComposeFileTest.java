package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.common.Variant;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docker-compose.yml as the lab promises it, checked where no Docker engine runs (CI): every variant a service with the
 * same limits, built from the one server.Dockerfile, in its own profile with its own bench; a stop grace above the
 * longest sleep, and benches that wait for healthy servers and write ./results.
 */
class ComposeFileTest {
    private static final List<String> SHARED_LIMITS =
            List.of("cpus", "mem_limit", "pids_limit", "ulimits", "sysctls", "stop_grace_period", "healthcheck");
    private static Map<String, Map<String, Object>> services;

    @BeforeAll
    static void load() throws IOException {
        services = ComposeServices.of(LabHome.locate());
    }

    @Test
    void everyVariantHasIdenticalLimitsAndIsBuiltFromTheOneServerDockerfile() {
        Map<String, Object> first = services.get(Variant.PLATFORM.id());
        for (Variant variant : Variant.values()) {
            Map<String, Object> server = services.get(variant.id());
            assertTrue(server != null, "a service " + variant.id());
            for (String limit : SHARED_LIMITS) {
                assertTrue(server.containsKey(limit), variant.id() + " sets " + limit);
                assertEquals(first.get(limit), server.get(limit), limit + " of " + variant.id());
            }
            Map<?, ?> build = (Map<?, ?>) server.get("build");
            assertEquals("server.Dockerfile", build.get("dockerfile"), "one Dockerfile for every server");
            assertEquals(
                    Map.of("SERVER_MODULE", variant.id(), "SERVER_PORT", variant.defaultPort()),
                    build.get("args"),
                    variant.id());
            assertTrue(Files.isRegularFile(LabHome.locate().resolve(String.valueOf(build.get("dockerfile")))));
        }
    }

    @Test
    void everyVariantHasItsOwnProfileAndBenchWhileAllStaysTheDesignsThree() {
        for (Variant variant : Variant.values()) {
            assertTrue(
                    ((List<?>) services.get(variant.id()).get("profiles")).contains(variant.shortName()), variant.id());
            Map<String, Object> bench = services.get("bench-" + variant.shortName());
            assertEquals(List.of(variant.shortName()), bench.get("profiles"));
            assertTrue(((Map<?, ?>) bench.get("depends_on")).containsKey(variant.id()), "bench-" + variant.shortName());
            assertEquals(
                    Variant.DESIGN.contains(variant),
                    ((List<?>) services.get(variant.id()).get("profiles")).contains("all"),
                    variant.id());
        }
    }

    @Test
    void stopGraceIsAboveTheServersDrainOfTheLongestSleep() {
        Matcher seconds = Pattern.compile("(\\d+)s")
                .matcher(String.valueOf(services.get(Variant.VIRTUAL.id()).get("stop_grace_period")));
        assertTrue(seconds.matches());
        assertTrue(
                Integer.parseInt(seconds.group(1)) * 1000L > 60_000 + 5_000,
                "above max sleep + the servers' 5 s margin");
    }

    @Test
    void everyBenchWaitsForHealthyServersAndWritesResultsOnTheHost() {
        List<String> benches = services.keySet().stream()
                .filter(name -> name.startsWith("bench"))
                .toList();
        assertTrue(benches.containsAll(List.of("bench", "bench-distributed")), benches.toString());
        for (String bench : benches) {
            Map<?, ?> dependsOn = (Map<?, ?>) services.get(bench).get("depends_on");
            long servers = dependsOn.entrySet().stream()
                    .filter(e -> String.valueOf(e.getKey()).startsWith("server-"))
                    .peek(e -> assertEquals(
                            "service_healthy",
                            ((Map<?, ?>) e.getValue()).get("condition"),
                            bench + " waits for " + e.getKey()))
                    .count();
            assertTrue(servers >= 1, bench + " depends on a server");
            assertTrue(
                    String.valueOf(services.get(bench).get("volumes")).contains("./results:/results"),
                    bench + " writes ./results");
        }
    }

    /** RMI over TLS with no extra command: a one-shot service makes the keystore, workers and controller mount it. */
    @Test
    void theDistributedProfileSharesOneRmiKeystoreMadeBeforeTheWorkersStart() {
        String command = String.valueOf(services.get("rmi-keystore").get("entrypoint"));
        assertTrue(command.contains("RmiKeystoreCommand --rmi-keystore=/rmi/rmi_keystore.p12"), command);
        Map<?, ?> workerNeeds = (Map<?, ?>) services.get("jmeter-worker").get("depends_on");
        assertEquals("service_completed_successfully", ((Map<?, ?>) workerNeeds.get("rmi-keystore")).get("condition"));
        for (String service : List.of("jmeter-worker", "bench-distributed")) {
            Map<String, Object> definition = services.get(service);
            assertTrue(
                    String.valueOf(definition.get("volumes")).contains("rmi-keystore:/rmi:ro"),
                    service + " mounts the keystore");
            Map<?, ?> environment = (Map<?, ?>) definition.get("environment");
            assertEquals("/rmi/rmi_keystore.p12", environment.get("LAB_RMI_KEYSTORE"), service);
            assertEquals("${LAB_INSECURE_RMI:-}", environment.get("LAB_INSECURE_RMI"), service + ": TLS unless asked");
        }
        // The worker listens on its container's address only, so its health check cannot use 127.0.0.1.
        String health =
                String.valueOf(((Map<?, ?>) services.get("jmeter-worker").get("healthcheck")).get("test"));
        assertTrue(health.contains("/dev/tcp/$$HOSTNAME/1099"), health);
    }
}
