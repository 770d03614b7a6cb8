package lab.threads.jmeter;

import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import lab.threads.client.ClientShare;
import lab.threads.jmeter.workers.RmiSecurity;
import lab.threads.jmeter.workers.WorkerRefusal;
import lab.threads.model.plan.PlanKey;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jorphan.collections.HashTree;

/**
 * One test run by remote workers with JMeter's own distributed classes, as {@code jmeter -n -R} does: a {@link
 * ClientJMeterEngine} per worker sends it the plan, and the samples come back to the local {@link Remoteable} listeners
 * (the .jtl writer, the {@link SampleCounter}). Unlike {@code -R}, {@code users} is spread (users/N each, the remainder
 * to the first), so the total is the plan's.
 */
final class WorkersLoad implements JMeterLoad {

    private final HashTree tree;
    private final List<String> workers;
    private final Map<String, String> properties;
    private final List<Integer> shares;
    private final TestEnds ends;
    private final RmiSecurity security;
    // Read by the signal handler's thread (stop) while the main thread fills it.
    private final List<ClientJMeterEngine> started = new CopyOnWriteArrayList<>();

    /**
     * @param properties the plan's properties; {@code users} is the total, spread over the workers
     * @param security how the workers are reached, to explain a refusal
     * @throws IllegalArgumentException without {@code users}, or with fewer users than workers
     */
    WorkersLoad(HashTree tree, List<String> workers, Map<String, String> properties, RmiSecurity security) {
        this.tree = tree;
        this.security = security;
        this.workers = List.copyOf(workers);
        this.properties = properties;
        String users = properties.get(PlanKey.USERS.property());
        if (users == null) {
            throw new IllegalArgumentException(
                    "-J" + PlanKey.USERS.property() + " is required with --workers: the total, spread over them");
        }
        this.shares = shares(Math.toIntExact(PlanKey.USERS.whole(users)), workers.size());
        HashTree planLevel = tree.getTree(tree.getArray()[0]);
        // No RemoteThreadsListenerTestElement: each user's start and end would be an RMI call, a thread here each; the
        // active users come from the samples' own counts (SampleCounter).
        ends = new TestEnds(workers.size());
        // Last: a worker tells its listeners in plan order that it ended, so the .jtl writer has all its samples
        // (and has closed the file after the last worker) by the time this one hears it.
        planLevel.add(ends);
    }

    /**
     * Sends the plan and its properties to every worker, then starts them one after another.
     *
     * @throws JMeterEngineException when a worker cannot be reached or refuses the test; those already started are
     *     stopped
     */
    @Override
    public void start() throws JMeterEngineException {
        List<ClientJMeterEngine> engines = new ArrayList<>();
        StringBuilder line = new StringBuilder("workers");
        for (int i = 0; i < workers.size(); i++) {
            ClientJMeterEngine engine = connect(workers.get(i), security);
            engine.configure(tree);
            Properties workerProperties = new Properties();
            workerProperties.putAll(properties);
            workerProperties.setProperty(PlanKey.USERS.property(), Integer.toString(shares.get(i)));
            engine.setProperties(workerProperties);
            engines.add(engine);
            line.append(' ').append(workers.get(i)).append('=').append(shares.get(i));
        }
        for (int i = 0; i < engines.size(); i++) {
            try {
                engines.get(i).runTest(); // sends the plan and the properties, then starts the worker's engine
            } catch (JMeterEngineException e) {
                stop();
                throw new JMeterEngineException(WorkerRefusal.explain(workers.get(i), e, security), e);
            } catch (RuntimeException e) {
                stop();
                throw e;
            }
            started.add(engines.get(i));
        }
        System.out.println(line);
    }

    /** users/N each, the remainder one by one to the first workers. */
    static List<Integer> shares(int users, int workers) {
        if (users < workers) {
            throw new IllegalArgumentException(
                    users + " users cannot be spread over " + workers + " workers: every worker needs at least one.");
        }
        List<Integer> shares = new ArrayList<>();
        for (int index = 1; index <= workers; index++) {
            // Spread as the local processes of a split load are: the shares differ by at most one.
            shares.add(new ClientShare(index, workers).of(users));
        }
        return shares;
    }

    private static ClientJMeterEngine connect(String worker, RmiSecurity security) throws JMeterEngineException {
        try {
            return new ClientJMeterEngine(worker);
        } catch (RemoteException | NotBoundException e) {
            throw new JMeterEngineException(WorkerRefusal.explain(worker, e, security), e);
        }
    }

    @Override
    public void awaitTermination(Duration timeout) throws InterruptedException, TimeoutException {
        if (!ends.remaining.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new TimeoutException(ends.remaining.getCount() + " workers still running");
        }
    }

    @Override
    public void stop() {
        started.forEach(engine -> engine.stopTest(true));
    }

    /** Hears each worker's end of test, through JMeter's remote listener wrapper ({@link Remoteable}). */
    private static final class TestEnds extends AbstractTestElement implements TestStateListener, Remoteable {

        private static final long serialVersionUID = 1L;

        private final transient CountDownLatch remaining;

        TestEnds(int workers) {
            remaining = new CountDownLatch(workers);
        }

        /** Itself: each ClientJMeterEngine copies the plan, and every worker's end must reach this one latch. */
        @Override
        public Object clone() {
            return this;
        }

        @Override
        public void testEnded(String host) {
            remaining.countDown();
        }

        @Override
        public void testStarted() {} // only remote ends count

        @Override
        public void testStarted(String host) {} // only ends count

        @Override
        public void testEnded() {} // only remote ends count
    }
}
