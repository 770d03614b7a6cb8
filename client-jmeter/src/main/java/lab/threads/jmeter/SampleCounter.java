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
 * {@link ClientStatsRecorder}. {@link NoThreadClone}: JMeter would otherwise give each user its own copy. Listeners
 * are called on the user's own thread, which lets it count how many samples virtual threads really took; in a
 * distributed run ({@link Remoteable}: the workers send it their samples) it is called on RMI threads here instead,
 * so that count is only meaningful locally. It is a {@link TestStateListener} only for distributed runs: JMeter
 * sends such listeners the samples in batches, a plain SampleListener gets one remote call per sample, made on the
 * user's thread.
 *
 * <p>Starts are counted as a {@link SampleMonitor}: JMeterThread finds every monitor in its user's tree (the plan
 * level included) and calls {@code sampleStarting} right before {@code Sampler.sample}, {@code sampleEnded} right
 * after; being NoThreadClone, this one instance hears every user. A sample is so counted started before it is
 * counted completed (the listeners hear it after {@code sampleEnded}). Started minus completed is the samples in
 * flight, for plans whose samplers each give one result to the listeners, as the lab's do: a Transaction
 * Controller's parent sample would count completed without a start. In a distributed run nothing is counted
 * started: JMeter sends the workers a remote listener in place of this element, and it is no SampleMonitor.
 *
 * <p>The active users: in this JVM, JMeter's own count. In a distributed run each worker's users start and end on
 * the worker without telling this JVM (a call per user would cost this JVM a thread and a connection for each call in
 * flight); every sample carries its worker's count of live users when it ended ({@code allThreads}), so the active
 * users are the sum, over the workers still running, of the count in each one's latest sample: 0 until a worker's
 * first samples arrive, and behind by the samples' batching (a second).
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

    /**
     * The counter itself: a distributed run copies the whole plan once per worker (ClientJMeterEngine ignores
     * NoThreadClone), and every worker's samples must land in this one count.
     */
    @Override
    public Object clone() {
        return this;
    }

    @Override
    public void sampleStarting(Sampler sampler) {
        started.increment();
    }

    @Override
    public void sampleEnded(Sampler sampler) {
        // completion is counted when the listeners hear of the sample (sampleOccurred), as the .jtl does
    }

    @Override
    public void sampleStarted(SampleEvent event) {
        // only ends count
    }

    @Override
    public void sampleStopped(SampleEvent event) {
        // only ends count
    }

    @Override
    public void testStarted() {
        // counts samples only
    }

    /** A worker, named by the address it was reached at, starts its test: its users count from its samples. */
    @Override
    public void testStarted(String host) {
        workerUsers.putIfAbsent(host, new UsersSeen(Long.MIN_VALUE, 0));
    }

    @Override
    public void testEnded() {
        // counts samples only
    }

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
