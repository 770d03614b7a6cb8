package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A server that begins to stop answers the requests still queued for a pooled database connection at once, 503
 * {@code server_stopping}, rather than holding its stop for the pool's timeout; and no request queues after.
 */
class DatabaseWaitStopTest {

    @Test
    void requestsQueuedForAConnectionAreAnsweredWhenTheServerStops() throws Exception {
        // A database that never answers: a listener that takes connections and says nothing, so every borrow waits.
        ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        DatabaseWait pool = new DatabaseWait(
                "jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/lab?connectTimeout=60&socketTimeout=60",
                1,
                60_000);
        try {
            CompletableFuture<WaitFailure> queued = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    pool.await(10, PoolStamps.NONE);
                    queued.complete(null);
                } catch (WaitFailure failure) {
                    queued.complete(failure);
                }
            });
            Thread.sleep(500);
            assertTrue(!queued.isDone(), "still waiting for a connection: " + queued);

            pool.stopBorrowing();

            WaitFailure failure = queued.get(10, TimeUnit.SECONDS);
            assertEquals(503, failure.status());
            assertEquals(WaitFailure.SERVER_STOPPING, failure.error());
            WaitFailure after = assertThrows(WaitFailure.class, () -> pool.await(10, PoolStamps.NONE));
            assertEquals(WaitFailure.SERVER_STOPPING, after.error(), "no request queues once the stop began");
        } finally {
            // The listener first: the pool's close waits for its connect in progress, which then fails at once.
            silent.close();
            pool.close();
        }
    }
}
