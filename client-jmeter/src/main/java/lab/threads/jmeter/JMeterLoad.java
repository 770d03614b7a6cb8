package lab.threads.jmeter;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jorphan.collections.HashTree;

/** One JMeter test, run in this JVM or by remote workers: what {@link JMeterMain} starts, waits for and stops. */
interface JMeterLoad {

    void start() throws JMeterEngineException;

    /** @throws TimeoutException when the test still runs after {@code timeout} */
    void awaitTermination(Duration timeout) throws InterruptedException, ExecutionException, TimeoutException;

    /** Stops every user now (a signal came). */
    void stop();

    static JMeterLoad local(HashTree tree) {
        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(tree);
        return new JMeterLoad() {
            @Override
            public void start() throws JMeterEngineException {
                engine.runTest();
            }

            @Override
            public void awaitTermination(Duration timeout)
                    throws InterruptedException, ExecutionException, TimeoutException {
                engine.awaitTermination(timeout);
            }

            @Override
            public void stop() {
                engine.stopTest(true);
            }
        };
    }
}
