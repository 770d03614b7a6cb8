package lab.threads.async;

import lab.threads.common.DatabaseWithoutThread;

/**
 * How server-common finds server-async's {@code how=db} ({@code META-INF/services}): the r2dbc pool and its driver
 * stay in this module, and the other servers never load them.
 */
public final class R2dbcDatabaseProvider implements DatabaseWithoutThread.Provider {

    @Override
    public DatabaseWithoutThread open(String jdbcUrl, int poolSize, long timeoutMs) {
        return new R2dbcDatabaseWait(jdbcUrl, poolSize, timeoutMs);
    }
}
