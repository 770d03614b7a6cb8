package lab.threads.jmeter;

import java.io.Serializable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleMonitor;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * Counts samples as users finish them, for the progress lines, and as they start them, for the samples in flight of
 * {@link ClientStatsRecorder}; {@link NoThreadClone}, so one instance hears every user. Locally listeners run on the
 * user's thread, so it also counts the samples virtual threads took; in a distributed run ({@link Remoteable}) they run
 * on RMI threads, and as a {@link TestStateListener} it gets the samples in batches.
 * <p>Starts are counted as a {@link SampleMonitor}, right before {@code Sampler.sample}, so a sample is counted started
 * before completed; started minus completed is in flight for plans whose samplers give one result each (a Transaction
 * Controller's would not). A distributed run counts no starts: the workers get a remote listener in its place.
 * <p>The active users: locally, JMeter's own count; in a distributed run, the sum over the running workers of each
 * one's latest sample's {@code allThreads}, as a call per user would cost this JVM a thread each: 0 until a worker's
 * first samples, and a second behind.
 */
public final class SampleCounter extends AbstractTestElement
        implements SampleListener, SampleMonitor, TestStateListener, NoThreadClone, Remoteable {

    private static final long serialVersionUID = 1L;

    private final LongAdder started = new LongAdder();
    private final LongAdder samples = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder onVirtualThreads = new LongAdder();
    /** Each worker's live users as its latest sample said, by the address it was reached at; empty locally. */
    private final Map<String, UsersSeen> workerUsers = new ConcurrentHashMap<>();

    /** A worker's live users when a sample of it ended; {@link #ENDED} once its test ended. */
    private record UsersSeen(long atMs, int users) implements Serializable {}

    private static final UsersSeen ENDED = new UsersSeen(Long.MAX_VALUE, 0);

    @Override
    public void sampleOccurred(SampleEvent event) {
        samples.increment();
        if (!event.getResult().isSuccessful()) {
            errors.increment();
        }
        if (Thread.currentThread().isVirtual()) {
            onVirtualThreads.increment();
        }
        if (!workerUsers.isEmpty()) {
            countUsers(event.getResult());
        }
    }

    /** A worker names its users {@code <the address it was reached at>-<group> <n>-<m>} (JMeter's prefix). */
    private void countUsers(SampleResult result) {
        String thread = result.getThreadName();
        for (String worker : workerUsers.keySet()) {
            if (thread.length() > worker.length()
                    && thread.startsWith(worker)
                    && thread.charAt(worker.length()) == '-') {
                UsersSeen seen = new UsersSeen(result.getEndTime(), result.getAllThreads());
                // Batches of one worker may be heard on two RMI threads at once: the latest sample wins.
                workerUsers.merge(worker, seen, (old, now) -> now.atMs() >= old.atMs() ? now : old);
                return;
            }
        }
    }

    /** The counter itself: a distributed run copies the plan per worker, and all must count here. */
    @Override
    public Object clone() {
        return this;
    }

    @Override
    public void sampleStarting(Sampler sampler) {
        started.increment();
    }

    // Completion is counted when the listeners hear of the sample (sampleOccurred), as the .jtl does.
    @Override
    public void sampleEnded(Sampler sampler) {}

    @Override
    public void sampleStarted(SampleEvent event) {} // only ends count

    @Override
    public void sampleStopped(SampleEvent event) {} // only ends count

    @Override
    public void testStarted() {} // counts samples only

    /** A worker, named by the address it was reached at, starts its test: its users count from its samples. */
    @Override
    public void testStarted(String host) {
        workerUsers.putIfAbsent(host, new UsersSeen(Long.MIN_VALUE, 0));
    }

    @Override
    public void testEnded() {} // counts samples only

    /** A worker's test ended, after its last samples were sent: none of its users is left. */
    @Override
    public void testEnded(String host) {
        workerUsers.put(host, ENDED);
    }

    /** Samples users started (entered Sampler.sample) in this JVM; 0 in a distributed run. */
    public long samplesStarted() {
        return started.sum();
    }

    /** Samples completed: every result the listeners got, the .jtl's rows. */
    public long samples() {
        return samples.sum();
    }

    public long errors() {
        return errors.sum();
    }

    /** The users alive now: JMeter's count here, or in a distributed run the workers' as their samples said. */
    public int activeUsers() {
        if (workerUsers.isEmpty()) {
            return JMeterContextService.getNumberOfThreads();
        }
        return workerUsers.values().stream().mapToInt(UsersSeen::users).sum();
    }

    public long samplesOnVirtualThreads() {
        return onVirtualThreads.sum();
    }
}
