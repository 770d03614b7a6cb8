package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.report.math.PoolWaits;
import lab.threads.report.raw.PoolSeries;
import lab.threads.run.PlanShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pool named when it set the pace, from its own counts and the stamps, and the two checked by Little's law. */
class PoolVerdictTest {
    private static final long T = 1_700_000_000_000L;
    private static final PlanShape PLAN = PlanShape.closed(1000, 10, 3, 100).throughPool(10);

    @TempDir
    Path dir;

    @Test
    void aPoolLentOutAllTheLoadWithAQueueSetThePace() throws IOException {
        // Ten seconds of 10 of 10 connections lent out and 20 threads waiting: 180 thread-seconds of waiting.
        PoolSeries series = PoolSeries.read(stats("db", 10, 10, 20, 10), T, T + 60_000);
        PoolVerdict verdict = PoolVerdict.of(series, new PoolWaits(3_000, 1_200, 180), PLAN, 98.2, null);

        assertTrue(verdict.setThePace());
        assertEquals(
                "the database pool (HikariCP) set the pace: its 10 connections were busy 100% of the load; 1,200 "
                        + "requests waited 150 ms on average for one; 98.2 req/s against its ceiling of 100 (10 "
                        + "connections / the wait)",
                verdict.words());
        assertEquals(1.0, verdict.littleRatio(), 1e-9);
        assertTrue(verdict.check().endsWith("ratio 1.00"), verdict.check());
    }

    @Test
    void aPoolWithConnectionsToSpareDidNot() throws IOException {
        PoolSeries series = PoolSeries.read(stats("httpPool", 100, 31, 0, 10), T, T + 60_000);
        PoolVerdict verdict = PoolVerdict.of(series, new PoolWaits(3_000, 0, 0), PLAN, 280.0, null);

        assertFalse(verdict.setThePace());
        assertTrue(
                verdict.words()
                        .startsWith("the HTTP client's pool (HttpClient 5) did not set the pace: its 100 "
                                + "connections were busy 31% of the load; no request waited for one"),
                verdict.words());
        assertNull(verdict.littleRatio(), "nothing waited: no ratio");
    }

    @Test
    void thePoolIsNamedByTheLibraryTheServerNamesInItsSettings() throws IOException {
        Path named = Files.write(
                dir.resolve("server-stats.jsonl"),
                List.of("{\"sampledAtMs\":" + T + ",\"pools\":{\"db\":{\"active\":10,\"threadsAwaitingConnection\":5,"
                        + "\"max\":10}},\"settings\":{\"pools\":{\"db\":{\"library\":\"r2dbc-pool\"}}}}"));
        PoolVerdict verdict =
                PoolVerdict.of(PoolSeries.read(named, T, T + 1_000), new PoolWaits(100, 50, 5), PLAN, 95.0, null);

        assertTrue(verdict.words().startsWith("the database pool (r2dbc-pool) set the pace"), verdict.words());
    }

    @Test
    void aServerThatReportedNoPoolHasNoVerdict() throws IOException {
        Path sleeps =
                Files.write(dir.resolve("server-stats.jsonl"), List.of("{\"sampledAtMs\":" + T + ",\"inFlight\":3}"));
        assertNull(PoolVerdict.of(PoolSeries.read(sleeps, T, T + 1_000), PoolWaits.NONE, PLAN, 10, null));
    }

    /** {@code seconds} once-a-second /stats lines with one pool's counts. */
    private Path stats(String pool, int max, int active, int waiting, int seconds) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < seconds; i++) {
            // Each library's own names: HikariCP's and HttpClient 5's PoolStats.
            String counts = pool.equals("db")
                    ? "{\"active\":" + active + ",\"idle\":" + (max - active) + ",\"threadsAwaitingConnection\":"
                            + waiting + ",\"max\":" + max + "}"
                    : "{\"leased\":" + active + ",\"pending\":" + waiting + ",\"available\":" + (max - active)
                            + ",\"max\":" + max + "}";
            lines.add("{\"sampledAtMs\":" + (T + i * 1000L) + ",\"pools\":{\"" + pool + "\":" + counts + "}}");
        }
        return Files.write(dir.resolve("server-stats.jsonl"), lines);
    }
}
