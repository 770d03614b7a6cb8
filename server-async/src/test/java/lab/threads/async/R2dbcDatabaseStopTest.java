package lab.threads.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import lab.threads.common.PoolStamps;
import lab.threads.common.WaitFailure;
import org.junit.jupiter.api.Test;

/**
 * server-async's how=db as the thread-per-request servers' (DatabaseWaitStopTest): when the server begins to stop, a
 * borrow still pending in r2dbc-pool's queue is answered at once, 503 {@code server_stopping}, rather than holding the
 * stop for the pool's timeout; and no borrow queues after.
 */
class R2dbcDatabaseStopTest {

    @Test
    void borrowsPendingInThePoolAreAnsweredWhenTheServerStops() throws Exception {
        // A database that never answers: its one connection never opens, so every borrow waits.
        SilentDatabase silent = new SilentDatabase();
        R2dbcDatabaseWait pool = new R2dbcDatabaseWait(silent.jdbcUrl(), 1, 60_000);
        try {
            CompletableFuture<Void> queued = pool.await(10, PoolStamps.NONE);
            Thread.sleep(500);
            assertFalse(queued.isDone(), "still waiting for a connection: " + queued);

            pool.stopBorrowing();

            ExecutionException ended = assertThrows(ExecutionException.class, () -> queued.get(10, TimeUnit.SECONDS));
            WaitFailure failure = assertInstanceOf(WaitFailure.class, ended.getCause());
            assertEquals(503, failure.status());
            assertEquals(WaitFailure.SERVER_STOPPING, failure.error());
            ExecutionException after = assertThrows(
                    ExecutionException.class,
                    () -> pool.await(10, PoolStamps.NONE).get(10, TimeUnit.SECONDS));
            assertEquals(
                    WaitFailure.SERVER_STOPPING,
                    assertInstanceOf(WaitFailure.class, after.getCause()).error(),
                    "no borrow queues once the stop began");
        } finally {
            silent.close();
            pool.close();
        }
    }
}
