package lab.threads.jmeter;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import lab.threads.client.ChosenClient;
import lab.threads.client.ClientProgram;
import lab.threads.client.LoadClient;
import lab.threads.client.WorkerOptions;
import lab.threads.jmeter.workers.JMeterWorkerOptions;

/**
 * JMeter as the runner's client: {@code --client jmeter} (its users on virtual threads), {@code virtual} or
 * {@code platform} (stock JMeter, a platform thread per user).
 */
public final class JMeterProgram implements ClientProgram {

    @Override
    public LoadClient client() {
        return LoadClient.JMETER;
    }

    @Override
    public List<String> names() {
        return Stream.concat(
                        Stream.of(client().id()),
                        Arrays.stream(JMeterThreads.values()).map(JMeterThreads::label))
                .toList();
    }

    /** {@code jmeter} stands for the lab's default: its users on virtual threads. */
    @Override
    public String usage(String name) {
        return name.equals(client().id()) ? name + " (= " + JMeterThreads.VIRTUAL.label() + ")" : name;
    }

    /** {@code jmeter} is the lab's default: its users on virtual threads. */
    @Override
    public ChosenClient choose(String name) {
        return new JMeterClient(Arrays.stream(JMeterThreads.values())
                .filter(threads -> threads.label().equals(name))
                .findFirst()
                .orElse(JMeterThreads.VIRTUAL));
    }

    /** Its workers over RMI ({@code ./lab worker}): {@code --rmi-keystore}, {@code --insecure-rmi}. */
    @Override
    public Optional<WorkerOptions> workerOptions() {
        return Optional.of(new JMeterWorkerOptions());
    }
}
