package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.model.client.LoadClient;
import lab.threads.report.raw.RecordedClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The no-blocking verdict's ceiling, worked out by hand; the client that ran, told by its run folder. */
class NoBlockingVerdictTest {
    private static final ClientVerdict BOUND = new ClientVerdict(
            Verdict.CLIENT_BOUND,
            List.of(
                    "client stall: JMeter recorded no sample at t = 3-4 s",
                    "JMeter's p99 12 ms against the server's own 1 ms: 11 ms of it was spent outside the server's handler",
                    "the server's own p99 9 ms is above JMeter's 5 ms: the server went on working"),
            LoadClient.JMETER.words().clientBoundAdvice(),
            List.of(),
            List.of(),
            10,
            Map.of(),
            true);
    /** 10 s on saturated shared cores: the client 12 s of CPU, the server 8 s. */
    private static final CpuSplit SATURATED = new CpuSplit(12_000, 8_000, 10, 10);

    @TempDir
    Path dir;

    @Test
    void theClientIsTheOneWhoseLogIsInTheFolder() throws IOException {
        assertEquals(LoadClient.JMETER, RecordedClient.of(dir));
        Files.writeString(dir.resolve(LoadClient.HYPERFOIL.logFile()), "");
        assertEquals(LoadClient.HYPERFOIL, RecordedClient.of(dir));
    }

    @Test
    void aRunWithASleepIsLeftAsItWas() {
        assertSame(BOUND, NoBlockingVerdict.of(BOUND, false, SATURATED, CoreUse.SHARED, 1_000), "no ceiling");
    }

    @Test
    void onSaturatedSharedCoresItSaysWhatAClientThatCostNothingWouldHaveLeftTheServer() {
        ClientVerdict withCeiling = NoBlockingVerdict.of(BOUND, true, SATURATED, CoreUse.SHARED, 1_000);

        // 1,000 req/s cost 1.2 + 0.8 = 2 s of CPU a second; at the server's 0.8 ms a request, 2 s carry 2,500.
        assertEquals(
                "the client took 60% of the CPU the two sides spent: with a client that cost nothing, the same CPU at "
                        + "the server's own cost a request would have carried about 2,500 req/s (this run: 1,000)",
                withCeiling.findings().getLast());
        assertEquals(BOUND.findings().size() + 1, withCeiling.findings().size());
    }

    @Test
    void idleOrPinnedCoresGetNoCeiling() {
        CpuSplit idle = new CpuSplit(6_000, 3_000, 0, 10);
        assertSame(BOUND, NoBlockingVerdict.of(BOUND, true, idle, CoreUse.SHARED, 1_000));
        assertSame(BOUND, NoBlockingVerdict.of(BOUND, true, CpuSplit.UNKNOWN, CoreUse.SHARED, 1_000));
    }
}
