package lab.threads.report.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.threads.run.PlanShape;
import org.junit.jupiter.api.Test;

/**
 * The http-pool run of 500 users, 5 s ramp-up, 2 loops of 100 ms through HttpClient 5's 5 connections: the pool's
 * ceiling is 5 / 0.1 s = 50 req/s. server-async waits through the JDK HttpClient instead, which holds no pool.
 */
class OwnPathTest {

    private static final PlanShape PLAN = new PlanShape.Closed(500, 5, 2, new PlanShape.Wait(100, "http-pool", 5));

    @Test
    void aServerWithoutThePlansPoolHasTheUsersCeiling() {
        List<String> notes = new ArrayList<>();
        Map<String, Object> async = Map.of(
                "pools", Map.of("httpPool", Map.of("library", "JDK HttpClient sendAsync", "maxTotal", "unlimited")));

        PlanShape own = OwnPath.of(PLAN, async, notes);

        assertEquals(50.0, PLAN.idealThroughput(), 1e-9, "the pool's ceiling");
        assertEquals(PLAN.throughPool(0).idealThroughput(), own.idealThroughput(), 1e-9);
        assertTrue(own.idealThroughput() > PLAN.idealThroughput(), "the users allow more than the pool");
        assertEquals(1, notes.size());
        assertTrue(
                notes.getFirst().contains("waits without the plan's pool of 5 (JDK HttpClient sendAsync"),
                notes::toString);
    }

    @Test
    void aServerThroughThePoolOrOneThatSaysNothingKeepsThePlansIdeal() {
        List<String> notes = new ArrayList<>();
        Map<String, Object> pooled =
                Map.of("pools", Map.of("httpPool", Map.of("library", "Apache HttpClient 5 classic", "maxTotal", 25)));
        assertSame(PLAN, OwnPath.of(PLAN, pooled, notes));
        assertSame(PLAN, OwnPath.of(PLAN, null, notes));
        assertSame(PLAN, OwnPath.of(PLAN, Map.of(), notes));
        PlanShape sleeps = PlanShape.closed(500, 5, 2, 100);
        assertSame(sleeps, OwnPath.of(sleeps, Map.of("pools", Map.of()), notes), "no pool in the plan");
        assertEquals(List.of(), notes);
    }
}
