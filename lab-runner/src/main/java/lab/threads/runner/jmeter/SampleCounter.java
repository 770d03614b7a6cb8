package lab.threads.runner.jmeter;

import java.util.concurrent.atomic.LongAdder;

import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * Counts samples as users finish them, for the progress lines. {@link NoThreadClone}: JMeter would otherwise give
 * each user its own copy. Listeners are called on the user's own thread, which lets it count how many samples
 * virtual threads really took.
 */
public final class SampleCounter extends AbstractTestElement implements SampleListener, NoThreadClone {

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

    @Override
    public void sampleStarted(SampleEvent event) {
        // only ends count
    }

    @Override
    public void sampleStopped(SampleEvent event) {
        // only ends count
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
