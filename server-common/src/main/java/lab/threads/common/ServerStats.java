package lab.threads.common;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Request counters of one server, shared by every thread that serves {@code /sleep}. */
public final class ServerStats {
    private final long startedNanos = System.nanoTime();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private final AtomicLong virtualThreadsStarted = new AtomicLong();
    /** Helidon runs every request of a connection on that connection's virtual thread: count each thread once. */
    private final ThreadLocal<Boolean> countedThread = ThreadLocal.withInitial(() -> false);
    /** Every error answer the contract gave, by its {@code error} (e.g. {@code db_pool_timeout}, {@code bad_request}). */
    private final Map<String, LongAdder> errorsByCause = new ConcurrentHashMap<>();

    void started() {
        peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        Thread thread = Thread.currentThread();
        if (thread.isVirtual() && !countedThread.get()) {
            countedThread.set(true);
            virtualThreadsStarted.incrementAndGet();
        }
    }

    void finished(boolean ok) {
        inFlight.decrementAndGet();
        (ok ? completed : failed).incrementAndGet();
    }

    /** A request that never got a thread: it was never in flight, but it failed. */
    void threadUnavailable() {
        failed.incrementAndGet();
    }

    /** An error answer: counted by its cause, whichever request it was. */
    void error(String cause) {
        errorsByCause.computeIfAbsent(cause, any -> new LongAdder()).increment();
    }

    public long completed() {
        return completed.get();
    }

    public long failed() {
        return failed.get();
    }

    public int inFlight() {
        return inFlight.get();
    }

    Map<String, Object> snapshot() {
        Map<String, Object> requests = new LinkedHashMap<>();
        requests.put("uptimeMs", (System.nanoTime() - startedNanos) / 1_000_000);
        requests.put("completed", completed.get());
        requests.put("inFlight", inFlight.get());
        requests.put("failed", failed.get());
        requests.put("peakInFlight", peakInFlight.get());
        requests.put("virtualThreadsStarted", virtualThreadsStarted.get());
        Map<String, Long> errors = new TreeMap<>();
        errorsByCause.forEach((cause, count) -> errors.put(cause, count.sum()));
        requests.put("errorsByCause", errors);
        return requests;
    }
}
