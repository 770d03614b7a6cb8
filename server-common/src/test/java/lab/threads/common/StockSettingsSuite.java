package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * A server started with {@code --settings stock} says so in /stats and runs with its framework's own load settings.
 * Each framework's module extends this class and says what its framework's defaults are, read from the framework.
 */
public abstract class StockSettingsSuite {

    protected abstract Variant variant();

    protected abstract LabServer start(SleepContract contract);

    /** The framework's own load settings, read from the framework (a fresh configuration, a bare server), not restated. */
    protected abstract LoadSettings frameworkDefaults() throws Exception;

    @Test
    void stockSettingsAreTheFrameworksOwnAsItReportsThem() throws Exception {
        SleepContract contract = new SleepContract(variant(), ServerSettings.parse(variant(), "--port=0", "--settings=stock"));
        LabServer server = start(contract);
        try {
            JsonNode settings = new TestHttp(server.port()).get("/stats").json().get("settings");
            LoadSettings expected = frameworkDefaults();

            assertEquals("stock", settings.get("settings").asText());
            assertEquals(expected.backlog(), settings.get("backlog").asInt());
            assertEquals(String.valueOf(orElse(expected.maxConnections(), "unlimited")), settings.get("maxConnections").asText());
            assertEquals(String.valueOf(orElse(expected.idleTimeoutMs(), "none")), settings.get("idleTimeoutMs").asText());
            assertEquals(String.valueOf(orElse(expected.shutdownGraceMs(), "none")), settings.get("shutdownGraceMs").asText());
            // The kernel's own word on the listen queue the framework asked for.
            ListenBacklog.of(server.port()).ifPresent(queue -> assertEquals(settings.get("effectiveBacklog").asInt(), queue,
                    "ss -lt: the listen queue of port " + server.port()));

            LoadSettings lab = ServerSettings.parse(variant(), "--port=0").labLoadSettings();
            assertNotEquals(lab.backlog(), settings.get("backlog").asInt(), "not the lab's backlog");
            assertNotEquals(String.valueOf(lab.shutdownGraceMs()), settings.get("shutdownGraceMs").asText(), "not the lab's grace");
        } finally {
            server.stop();
        }
    }

    @Test
    void onStopAnInFlightRequestGetsOnlyTheFrameworksGrace() throws Exception {
        long graceMs = Objects.requireNonNullElse(frameworkDefaults().shutdownGraceMs(), 0L);
        long sleepMs = graceMs + 2500;
        SleepContract contract = new SleepContract(variant(), ServerSettings.parse(variant(), "--port=0", "--settings=stock"));
        LabServer server = start(contract);
        TestHttp http = new TestHttp(server.port());
        CompletableFuture<TestHttp.Answer> sleeping = http.getAsync("/sleep?ms=" + sleepMs);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (contract.stats().inFlight() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        long started = System.nanoTime();
        server.stop();
        long stopMs = (System.nanoTime() - started) / 1_000_000;

        assertTrue(stopMs < sleepMs, "stop() took " + stopMs + " ms: it waited for the " + sleepMs + " ms request, a grace of the lab's");
        assertThrows(ExecutionException.class, () -> sleeping.get(10, TimeUnit.SECONDS), "the request cut off gets no answer");
    }

    private static Object orElse(Object value, String none) {
        return value != null ? value : none;
    }
}
