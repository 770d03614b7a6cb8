package lab.threads.jmeter;

import java.util.concurrent.atomic.LongAdder;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleMonitor;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;

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
 */
public final class SampleCounter extends AbstractTestElement
        implements SampleListener, SampleMonitor, TestStateListener, NoThreadClone, Remoteable {

    private static final long serialVersionUID = 1L;

    private final LongAdder started = new LongAdder();
    private final LongAdder samples = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder onVirtualThreads = new LongAdder();

    @Override
    public void sampleOccurred(SampleEvent event) {
        samples.increment();
        if (!event.getResult().isSuccessful()) {
            errors.increment();
        }
        if (Thread.currentThread().isVirtual()) {
            onVirtualThreads.increment();
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

    @Override
    public void testStarted(String host) {
        // counts samples only
    }

    @Override
    public void testEnded() {
        // counts samples only
    }

    @Override
    public void testEnded(String host) {
        // counts samples only
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

    public long samplesOnVirtualThreads() {
        return onVirtualThreads.sum();
    }
}
