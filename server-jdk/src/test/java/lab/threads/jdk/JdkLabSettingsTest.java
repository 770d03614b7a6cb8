package lab.threads.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import lab.threads.common.LabServer;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.TestHttp;
import lab.threads.common.Variant;
import org.junit.jupiter.api.Test;

/** {@code --settings lab} on the JDK server, in a JVM of its own: the JDK's properties set before its first server. */
class JdkLabSettingsTest {
    private static final Variant VARIANT = Variant.JDK_THREAD;

    /** The same lab limits in every test: the JDK takes them once per JVM. */
    private static SleepContract lab() {
        return lab(5000);
    }

    private static SleepContract lab(int maxConnections) {
        return new SleepContract(
                VARIANT,
                ServerSettings.parse(
                        VARIANT, "--port=0", "--idle-timeout-ms=120500", "--max-connections=" + maxConnections));
    }

    @Test
    void theLabsLimitsAreSetAsTheJdksPropertiesAndReadBack() {
        LabServer server = JdkLabServer.start(lab(), Thread::startVirtualThread);
        try {
            JsonNode settings = new TestHttp(server.port()).get("/stats").json().get("settings");

            assertEquals(5000, settings.get("maxConnections").asInt());
            assertEquals(
                    121_000, settings.get("idleTimeoutMs").asLong(), "120.5 s rounded up to the JDK's whole seconds");
            JsonNode jdk = settings.get("framework");
            assertEquals(5000, jdk.get(JdkServerConfig.MAX_IDLE_CONNECTIONS).asInt(), "no idle cap below the limit");
            assertEquals(5000, jdk.get(JdkServerConfig.MAX_CONNECTIONS).asInt());
            assertEquals(121, jdk.get(JdkServerConfig.IDLE_INTERVAL).asInt());
            assertEquals("5000", System.getProperty(JdkServerConfig.MAX_IDLE_CONNECTIONS));
        } finally {
            server.stop();
        }
    }

    @Test
    void keptAliveConnectionsBeyondTwoHundredStayOpen() throws Exception {
        LabServer server = JdkLabServer.start(lab(), Thread::startVirtualThread);
        try {
            assertEquals(0, KeptAlive.closedByTheServer(server.port(), 210), "the stock cap of 200 is lifted");
        } finally {
            server.stop();
        }
    }

    @Test
    void otherLabLimitsInTheSameJvmAreRefused() {
        LabServer first = JdkLabServer.start(lab(), Thread::startVirtualThread);
        try {
            IllegalStateException refused = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalStateException.class, () -> JdkLabServer.start(lab(6000), Thread::startVirtualThread));
            assertTrue(refused.getMessage().contains("once per JVM"), refused.getMessage());
        } finally {
            first.stop();
        }
    }

    @Test
    void noNativeThreadAnswers503CountsItAndKeepsServing() {
        AtomicBoolean exhausted = new AtomicBoolean(true);
        // What Thread.start throws when the OS refuses a thread; later requests find threads again.
        Executor flaky = task -> {
            if (exhausted.getAndSet(false)) {
                throw new OutOfMemoryError("unable to create native thread: possibly out of memory");
            }
            Thread.ofPlatform().start(task);
        };
        LabServer server = JdkLabServer.start(lab(), flaky);
        try {
            TestHttp http = new TestHttp(server.port());

            TestHttp.Answer refused = http.get("/sleep?ms=1");
            assertEquals(503, refused.status());
            assertEquals("thread_unavailable", refused.json().get("error").asText());
            assertEquals(1, http.get("/stats").json().get("failed").asLong());
            assertEquals(200, http.get("/sleep?ms=1").status(), "still serving once threads can be made again");
        } finally {
            server.stop();
        }
    }
}
