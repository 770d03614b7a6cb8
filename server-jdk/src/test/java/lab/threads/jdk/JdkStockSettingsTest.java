package lab.threads.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.ListenBacklog;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.TestHttp;
import lab.threads.common.Variant;
import org.junit.jupiter.api.Test;

/**
 * {@code --settings stock}: the JDK's own limits, as the talk ran them. In a JVM of its own (surefire forks one per
 * class here): the JDK reads them once per JVM, and the contract suites run the lab's.
 */
class JdkStockSettingsTest {
    private static final Variant VARIANT = Variant.JDK_VIRTUAL;

    private static SleepContract stock() {
        return new SleepContract(VARIANT, ServerSettings.parse(VARIANT, "--port=0", "--settings=stock"));
    }

    @Test
    void statsReportTheJdksDefaultsAndTheKernelHasItsBacklogOf50() throws Exception {
        LabServer server = JdkLabServer.start(stock(), Thread::startVirtualThread);
        try {
            JsonNode settings = new TestHttp(server.port()).get("/stats").json().get("settings");

            assertEquals("stock", settings.get("settings").asText());
            assertEquals(50, settings.get("backlog").asInt(), "HttpServer.create(address, 0) listens with 50");
            assertEquals("unlimited", settings.get("maxConnections").asText());
            assertEquals(30_000, settings.get("idleTimeoutMs").asLong());
            assertEquals("none", settings.get("shutdownGraceMs").asText());
            assertEquals(
                    200,
                    settings.get("framework")
                            .get(JdkServerConfig.MAX_IDLE_CONNECTIONS)
                            .asInt());
            ListenBacklog.of(server.port())
                    .ifPresent(queue -> assertEquals(50, queue, "ss -lt: the listen queue the kernel gave"));
        } finally {
            server.stop();
        }
    }

    /** The cap that made the talk's virtual-thread errors here (NoHttpResponseException): 200 idle connections. */
    @Test
    void onlyTwoHundredKeptAliveConnectionsStayOpen() throws Exception {
        LabServer server = JdkLabServer.start(stock(), Thread::startVirtualThread);
        try {
            assertEquals(10, KeptAlive.closedByTheServer(server.port(), 210), "210 idle connections, 200 kept");
        } finally {
            server.stop();
        }
    }

    /** HttpServer.stop(0) waits for no exchange: the contract suite's stock stop check, on the JDK's own limits. */
    @Test
    void onStopAnInFlightRequestIsCutOff() {
        ContractSuite.assertStopCutsOffARequestInFlight(JdkLabServer.start(stock(), Thread::startVirtualThread), 2500);
    }

    @Test
    void aLabServerInTheSameJvmIsRefusedSayingWhy() throws Exception {
        LabServer stock = JdkLabServer.start(stock(), Thread::startVirtualThread);
        try {
            SleepContract lab = new SleepContract(VARIANT, ServerSettings.parse(VARIANT, "--port=0"));
            IllegalStateException refused = assertThrows(
                    IllegalStateException.class, () -> JdkLabServer.start(lab, Thread::startVirtualThread));
            assertTrue(refused.getMessage().contains("JVM of their own"), refused.getMessage());
        } finally {
            stock.stop();
        }
    }
}
