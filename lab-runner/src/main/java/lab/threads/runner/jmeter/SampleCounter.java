package lab.threads.runner.jmeter;

import java.util.concurrent.atomic.LongAdder;

import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;

/**
 * Counts samples as users finish them, for the progress lines. {@link NoThreadClone}: JMeter would otherwise give
 * each user its own copy. Listeners are called on the user's own thread, which lets it count how many samples
 * virtual threads really took; in a distributed run ({@link Remoteable}: the workers send it their samples) it is
 * called on RMI threads here instead, so that count is only meaningful locally. It is a {@link TestStateListener}
 * only for distributed runs: JMeter sends such listeners the samples in batches, a plain SampleListener gets one
 * remote call per sample, made on the user's thread.
 */
public final class SampleCounter extends AbstractTestElement
        implements SampleListener, TestStateListener, NoThreadClone, Remoteable {

    private static final long serialVersionUID = 1L;

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
