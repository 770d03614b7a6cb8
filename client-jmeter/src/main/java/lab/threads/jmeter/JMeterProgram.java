package lab.threads.jmeter;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import lab.threads.client.ChosenClient;
import lab.threads.client.ClientProgram;
import lab.threads.client.WorkerOptions;
import lab.threads.jmeter.workers.JMeterWorkerOptions;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;

/** JMeter as the runner's client: {@code jmeter} (virtual threads), {@code virtual} or {@code platform} (stock). */
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

    /** jmeter-plans' talk, smoke, open, spike and step. */
    @Override
    public List<String> planNames() {
        return JMeterPlans.BUNDLED;
    }

    @Override
    public LoadPlan plan(String name) throws IOException {
        return JMeterPlans.bundled(name);
    }

    /** Any file, as a .jmx: JMeter's own fork says so if it is not one. */
    @Override
    public Optional<LoadPlan> planFile(Path file) throws IOException {
        return Optional.of(JMeterPlans.file(file));
    }

    /** Its workers over RMI ({@code ./lab worker}): {@code --rmi-keystore}, {@code --insecure-rmi}. */
    @Override
    public Optional<WorkerOptions> workerOptions() {
        return Optional.of(new JMeterWorkerOptions());
    }
}
