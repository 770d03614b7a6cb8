package lab.threads.runner.outside;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The parsers on text captured on this lab's machine (Linux 6.18), right after a burst at a listener of backlog 4. */
class ProcTextTest {

    @Test
    void netstatAndSnmpPairsGiveTheListenAndRetransmissionCounters() {
        NetCounters counters = NetCounters.parse(text("netstat.txt"), text("snmp.txt"));

        assertEquals(new NetCounters(30L, 30L, 15L, 15L), counters);
    }

    @Test
    void aCounterTheKernelLacksIsNullNotZero() {
        NetCounters counters = NetCounters.parse("TcpExt: SyncookiesSent\nTcpExt: 0\n", text("snmp.txt"));

        assertNull(counters.listenOverflows());
        assertEquals(15L, counters.retransSegs());
    }

    @Test
    void ssGivesTheAcceptQueueAndTheBacklogOfTheListeningSocket() {
        assertEquals(Optional.of(new AcceptQueue(5, 4L)), AcceptQueue.fromSs(text("ss-listen.txt")));
        assertEquals(Optional.empty(), AcceptQueue.fromSs(""));
    }

    @Test
    void procNetTcpGivesTheAcceptQueueOfTheListenLineOfThePort() {
        assertEquals(Optional.of(new AcceptQueue(5, null)), AcceptQueue.fromProcNetTcp(text("tcp6-listen.txt"), 34741));
        assertEquals(Optional.of(new AcceptQueue(0, null)), AcceptQueue.fromProcNetTcp(text("tcp.txt"), 2024));
        assertEquals(Optional.empty(), AcceptQueue.fromProcNetTcp(text("tcp6-listen.txt"), 8080));
    }

    @Test
    void procStatAndStatusGiveStateCpuThreadsAndRss() {
        ProcessCounters sleep = ProcessCounters.parse(text("sleep-stat.txt"), text("sleep-status.txt"))
                .orElseThrow();

        assertEquals("R", sleep.state());
        assertEquals(1, sleep.osThreads());
        assertEquals(0, sleep.cpuUserMs() + sleep.cpuSystemMs());
        assertEquals(1740L * 1024, sleep.rssBytes()); // VmRSS: 1740 kB in the capture
    }

    @Test
    void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
        String stat = text("sleep-stat.txt").replace("(sleep)", "(a) b (c)");

        ProcessCounters odd = ProcessCounters.parse(stat, "VmRSS:\t  100 kB\n").orElseThrow();

        assertEquals("R", odd.state());
        assertEquals(1, odd.osThreads());
        assertEquals(102_400L, odd.rssBytes());
        assertTrue(ProcessCounters.parse("no name here", "").isEmpty());
    }

    private static String text(String name) {
        try (InputStream in = ProcTextTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
