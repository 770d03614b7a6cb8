package lab.threads.common;

import java.util.concurrent.atomic.AtomicBoolean;
import lab.threads.model.wait.WaitKind;

/**
 * A validated {@code GET /sleep} request, waiting to be run on the variant's thread, with the server's own {@link
 * System#nanoTime()} stamps: it began to wait to be read, the framework had it, the variant's thread started it.
 */
public final class SleepJob implements Outcome, PoolStamps {
    private final long millis;
    private final String requestId;
    private final boolean firstOnConnection;
    private final long waitingSinceNanos;
    private final long receivedNanos;
    /** How it waits ({@code ?how=}); null when the request named none: it then sleeps, and its answer is unchanged. */
    private final WaitKind how;
    /** Set by the thread that runs the sleep, read by the one that saw the response written: hence volatile. */
    private volatile long startedNanos;
    /** The time split at the pool ({@link PoolStamps}), for {@link WaitKind#pooled()} waits; 0 when not stamped. */
    private volatile long borrowingNanos;

    private volatile long borrowedNanos;
    private volatile long calledNanos;
    /** Whether its answer has been written ({@link #answeredNow}). */
    private final AtomicBoolean answered = new AtomicBoolean();

    /**
     * @param requestId the request's {@code ?rid}, which JMeter's sample keeps in its URL; null when none
     * @param firstOnConnection the connection's first request: it waited in the accept queue, not behind a read
     */
    public SleepJob(long millis, String requestId, boolean firstOnConnection, long receivedNanos) {
        this(millis, requestId, firstOnConnection, 0, receivedNanos);
    }

    /** @param waitingSinceNanos see {@link RequestHead#waitingSinceNanos()}; 0 when the framework shows none */
    public SleepJob(
            long millis, String requestId, boolean firstOnConnection, long waitingSinceNanos, long receivedNanos) {
        this(millis, null, requestId, firstOnConnection, waitingSinceNanos, receivedNanos);
    }

    /** @param how how it waits, from {@code ?how=}; null when the request named none */
    public SleepJob(
            long millis,
            WaitKind how,
            String requestId,
            boolean firstOnConnection,
            long waitingSinceNanos,
            long receivedNanos) {
        this.how = how;
        this.millis = millis;
        this.requestId = requestId;
        this.firstOnConnection = firstOnConnection;
        this.waitingSinceNanos = waitingSinceNanos;
        this.receivedNanos = receivedNanos;
    }

    public long millis() {
        return millis;
    }

    /** How it waits: {@link WaitKind#SLEEP} unless the request named another. */
    public WaitKind how() {
        return how == null ? WaitKind.SLEEP : how;
    }

    /** Whether the request named its wait ({@code ?how=}); only then does the answer say it. */
    public boolean howNamed() {
        return how != null;
    }

    public String requestId() {
        return requestId;
    }

    public boolean firstOnConnection() {
        return firstOnConnection;
    }

    /** When it began to wait to be read: its connection's accept, or the previous response's end; 0 if unknown. */
    public long waitingSinceNanos() {
        return waitingSinceNanos;
    }

    public long receivedNanos() {
        return receivedNanos;
    }

    /** When the variant's thread began the sleep; 0 if it never did (no thread could be had). */
    public long startedNanos() {
        return startedNanos;
    }

    void started() {
        startedNanos = System.nanoTime();
    }

    /** Whether its sleep began and its answer was not yet written; true once, for the call that writes it. */
    boolean answeredNow() {
        return startedNanos != 0 && answered.compareAndSet(false, true);
    }

    /** Just before the pool's borrow; 0 for a wait with no pool. A retried call keeps its first borrow's stamp. */
    public long borrowingNanos() {
        return borrowingNanos;
    }

    /** The connection in hand; 0 when the borrow timed out or failed, or there is no pool. */
    public long borrowedNanos() {
        return borrowedNanos;
    }

    /** The query or downstream call returned; 0 when it failed or there is no pool. */
    public long calledNanos() {
        return calledNanos;
    }

    @Override
    public void borrowing() {
        if (borrowingNanos == 0) {
            borrowingNanos = System.nanoTime();
        }
    }

    @Override
    public void borrowed() {
        borrowedNanos = System.nanoTime();
    }

    @Override
    public void called() {
        calledNanos = System.nanoTime();
    }
}
