package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/**
 * A borrow that times out names the pool only when every connection the pool may open was open, hence in use; with
 * none open it names the database, whether or not a connect attempt has failed by then.
 */
class DatabaseWaitCauseTest {

    /**
     * A database that takes connections and never answers: HikariCP's connect is still in progress when the borrow's
     * 250 ms end, so no connect failure is known, as with a refusing database whose first refusal comes late on a busy
     * machine. No connection of the pool was open, none was busy: the database did not give one.
     */
    @Test
    void aBorrowThatTimesOutWithNoConnectionOpenNamesTheDatabase() throws Exception {
        ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        DatabaseWait pool = new DatabaseWait(
                "jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/lab?connectTimeout=60&socketTimeout=60",
                10,
                250);
        try {
            WaitFailure failure = assertThrows(WaitFailure.class, () -> pool.await(10, PoolStamps.NONE));

            assertEquals(503, failure.status());
            assertEquals(WaitFailure.DB_UNAVAILABLE, failure.error(), failure.getMessage());
        } finally {
            // The listener first: the pool's close waits for its connect in progress, which then fails at once.
            silent.close();
            pool.close();
        }
    }
}
