package lab.threads.runner.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import lab.threads.client.ChosenClient;
import lab.threads.client.ClientPrograms;
import lab.threads.report.ServerFigures;
import lab.threads.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The forecast's CPU per request: the shipped figures, then each long enough run's own. */
class CpuCostsTest {
    private static final ChosenClient VIRTUAL = ClientPrograms.choose("virtual");

    @TempDir
    Path results;

    @Test
    void aLongEnoughRunReplacesTheShippedFiguresOfItsSides() throws Exception {
        assertEquals(0.3, CpuCosts.load(results).server().get("server-virtual").ms());

        // 12,000 requests: the client spent 4.8 s + 1.2 s of CPU, the server 3.6 s.
        CpuCosts.load(results)
                .learn(run("ok", 12_000, false, null), VIRTUAL, "2026-11-23T10-00-00")
                .save(results);

        CpuCosts learned = CpuCosts.load(results);
        assertEquals(0.5, learned.client().get("virtual").ms());
        assertEquals(
                "2026-11-23T10-00-00, 12,000 requests",
                learned.client().get("virtual").from());
        assertEquals(0.3, learned.server().get("server-virtual").ms());
        assertEquals(
                "2026-11-23T10-00-00, 12,000 requests",
                learned.server().get("server-virtual").from());
        assertEquals(
                1.37, learned.server().get("server-platform").ms(), "a side the run did not measure keeps its figure");
    }

    @Test
    void aShortFailedDistributedOrSilentRunTeachesNothing() throws Exception {
        CpuCosts shipped = CpuCosts.load(results);
        CpuCosts.load(results)
                .learn(run("ok", 900, false, null), VIRTUAL, "short")
                .learn(run("server died mid-run", 12_000, false, null), VIRTUAL, "died")
                .learn(run("ok", 12_000, true, 30.0), VIRTUAL, "distributed and silent")
                .save(results);

        CpuCosts learned = CpuCosts.load(results);
        assertEquals(shipped.client().get("virtual"), learned.client().get("virtual"));
        assertEquals(shipped.server().get("server-virtual"), learned.server().get("server-virtual"));
    }

    /**
     * A server's figures as the report gives them: a side's CPU null when its users ran on workers (the client) or its
     * /stats fell silent before the end (the server), which the report's ServerFiguresTest checks from summary.json.
     */
    private static ServerFigures run(String outcome, long samples, boolean distributed, Double silentAtEnd) {
        return new ServerFigures(
                "server-virtual",
                RunOutcome.fromWords(outcome),
                samples,
                distributed ? null : 4800L + 1200L,
                silentAtEnd != null ? null : 3600L);
    }
}
