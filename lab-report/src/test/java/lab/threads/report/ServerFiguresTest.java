package lab.threads.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import lab.threads.report.summary.ServerSummary;
import org.junit.jupiter.api.Test;

/** What the runner reads of a server's row: each side's CPU only where it was read whole. */
class ServerFiguresTest {

    @Test
    void eachSidesCpuOverTheLoad() throws Exception {
        ServerFigures figures = ServerFigures.of(row(false, null));
        assertEquals("server-virtual", figures.server());
        assertEquals(12_000, figures.requests());
        assertEquals(6_000, figures.clientCpuMs(), "user + system");
        assertEquals(3_600, figures.serverCpuMs());
    }

    @Test
    void aClientOnWorkersOrAServerGoneSilentHasNone() throws Exception {
        assertNull(ServerFigures.of(row(true, null)).clientCpuMs(), "the users ran on the workers");
        assertNull(ServerFigures.of(row(false, 30.0)).serverCpuMs(), "its /stats fell silent: part of its CPU");
    }

    private static ServerSummary row(boolean distributed, Double silentAtEnd) throws Exception {
        String json = """
                {"server": "server-virtual", "outcome": "ok", "summary": {"samples": 12000},
                 "client": {"distributed": %b, "cpuUserMs": 4800, "cpuSystemMs": 1200},
                 "serverStats": {"processCpuMs": 3600, "silentAtEndSeconds": %s}}
                """.formatted(distributed, silentAtEnd);
        return new ObjectMapper().readValue(json, ServerSummary.class);
    }
}
