package lab.threads.jmeter.workers;

import java.util.List;
import lab.threads.client.WorkerAccess;
import lab.threads.client.WorkerOptions;

/** JMeter's workers as the runner's command line takes them: its RMI options, its worker addresses. */
public final class JMeterWorkerOptions implements WorkerOptions {

    private final RmiOptions rmi = new RmiOptions();

    @Override
    public Object mixin() {
        return rmi;
    }

    @Override
    public List<String> resolve(List<String> given) {
        return WorkerAddresses.resolve(given);
    }

    @Override
    public WorkerAccess access() {
        return rmi.security();
    }
}
