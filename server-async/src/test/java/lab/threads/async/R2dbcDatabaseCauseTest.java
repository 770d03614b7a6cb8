package lab.threads.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import lab.threads.common.PoolStamps;
import lab.threads.common.WaitFailure;
import org.junit.jupiter.api.Test;

/**
 * server-async's how=db names a borrow that times out as the thread-per-request servers do (DatabaseWaitCauseTest):
 * the pool's only when every connection the pool may open was open, hence in use; with none open, the database's.
 */
class R2dbcDatabaseCauseTest {

    /**
     * A database that takes connections and never answers: r2dbc-postgresql's connect is still waiting for the
     * handshake when the borrow's 250 ms end, as a first connection on a fresh JVM can be on a busy machine. No
     * connection of the pool was open, none was busy: the database did not give one.
     */
    @Test
    void aBorrowThatTimesOutWithNoConnectionOpenNamesTheDatabase() throws Exception {
        SilentDatabase silent = new SilentDatabase();
        R2dbcDatabaseWait pool = new R2dbcDatabaseWait(silent.jdbcUrl(), 1, 250);
        try {
            ExecutionException ended = assertThrows(
                    ExecutionException.class,
                    () -> pool.await(10, PoolStamps.NONE).get(10, TimeUnit.SECONDS));
            WaitFailure failure = assertInstanceOf(WaitFailure.class, ended.getCause());

            assertEquals(503, failure.status());
            assertEquals(WaitFailure.DB_UNAVAILABLE, failure.error(), failure.getMessage());
        } finally {
            silent.close();
            pool.close();
        }
    }
}
