package lab.threads.jmeter;

import java.io.IOException;
import java.util.Optional;
import lab.threads.client.ChosenClient;
import lab.threads.client.LoadRequest;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;

/**
 * JMeter for a run: a .jmx plan, its users on {@code threads}, forked ({@link JMeterFork}) per load, here or on
 * workers.
 */
record JMeterClient(JMeterThreads threads) implements ChosenClient {

    @Override
    public LoadClient program() {
        return LoadClient.JMETER;
    }

    @Override
    public String label() {
        return threads.label();
    }

    @Override
    public String describe() {
        return program().label() + " users on " + label() + " threads";
    }

    @Override
    public String runsInItsFork() {
        return "users run in the forked " + program().label();
    }

    @Override
    public boolean threadPerUser() {
        return threads == JMeterThreads.PLATFORM;
    }

    /** JMeter runs .jmx plans, on any number of workers, after a warm-up of its own users if asked. */
    @Override
    public void check(LoadPlan plan, int workers, int warmupUsers, boolean guestBody, boolean guestHttps) {
        if (plan.client() != program()) {
            throw new IllegalArgumentException("The " + plan.name() + " plan runs on --client hyperfoil. For JMeter "
                    + "with no think time use a closed plan, e.g. --plan talk --users 100 --loops 500 --rampup 1 "
                    + "--sleep-ms 0.");
        }
    }

    /** JMeter's home goes in the run's own folder: a shared one under --out may belong to another user. */
    @Override
    public Process start(LoadRequest load) throws IOException {
        return JMeterFork.start(
                new JMeterRunSpec(
                        load.plan().location(),
                        PlanProperties.of(load),
                        load.files().samples(),
                        load.files().dashboard(),
                        load.files().home(),
                        threads,
                        load.users(),
                        load.share(),
                        load.files().log(),
                        load.workers(),
                        load.access()),
                load.jvm().launcher(),
                load.jvm().flags());
    }

    @Override
    public Optional<String> lostAtTheEnd(int exitCode) {
        return exitCode == JMeterFork.EXIT_NO_DASHBOARD
                ? Optional.of("its dashboard could not be written")
                : Optional.empty();
    }
}
