package lab.threads.async;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.Socket;
import lab.threads.common.DatabasePoolCounts;
import org.junit.jupiter.api.Test;

/**
 * server-async's {@code pools.db} counts as HikariCP's do (DatabaseWait): {@code total} is the connections open, lent
 * out or idle, as {@code getTotalConnections}; reactor-pool's {@code allocatedSize} would also count one still being
 * opened.
 */
class R2dbcDatabaseStatsTest {

    @Test
    void aConnectionStillBeingOpenedIsNotInTheTotal() throws Exception {
        try (SilentDatabase database = new SilentDatabase()) {
            R2dbcDatabaseWait pool = new R2dbcDatabaseWait(database.jdbcUrl(), 1, 60_000);
            try (Socket connecting = database.awaitConnection()) {
                assertEquals(
                        new DatabasePoolCounts(0, 0, 0, 0, 1), pool.stats(), "the pool's first connect is pending");
            } finally {
                pool.close();
            }
        }
    }
}
