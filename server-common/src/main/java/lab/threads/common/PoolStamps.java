package lab.threads.common;

/**
 * The time split at a pool, stamped on the request's thread: just before the borrow, with the connection in hand, and
 * once the call on it returned. {@link SleepJob} keeps them for the request log; {@link #NONE} drops them.
 */
public interface PoolStamps {
    PoolStamps NONE = new PoolStamps() {
        @Override
        public void borrowing() {}

        @Override
        public void borrowed() {}

        @Override
        public void called() {}
    };

    /** Just before the pool is asked for a connection. */
    void borrowing();

    /** The connection is in hand (not stamped when the borrow timed out or failed). */
    void borrowed();

    /** The query or downstream call on it has returned. */
    void called();
}
