package lab.threads.jmeter;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.Random;
import java.util.function.IntFunction;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.ListenerNotifier;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroupSchema;
import org.apache.jmeter.threads.openmodel.ThreadSchedule;
import org.apache.jmeter.threads.openmodel.ThreadScheduleProcessGenerator;
import org.apache.jmeter.threads.openmodel.ThreadScheduleUtils;
import org.apache.jorphan.collections.ListedHashTree;
import org.apache.jorphan.util.JMeterStopTestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JMeter 5.6.3's {@link OpenModelThreadGroup} with each arrival on a virtual thread.
 * <p>The stock group is final and runs every arrival on a platform thread of a cached pool, rate x latency of them,
 * unbounded when the server falls behind. This group keeps the schedule, seed and arrival times of JMeter's own parser
 * and generator ({@link ThreadScheduleProcessGenerator}, public in the bytecode of the pinned 5.6.3); each arrival is a
 * new user running the samplers once, named as stock names it. Unlike stock it ends as soon as nothing is in flight,
 * not after the final pause; what is still in flight at the schedule's end is stopped.
 */
public class VirtualOpenModelThreadGroup extends AbstractThreadGroup {

    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(VirtualOpenModelThreadGroup.class);

    private transient VirtualUsers users = new VirtualUsers();

    /** Java serialisation skips field initialisers, as in {@link VirtualThreadGroup}. */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        users = new VirtualUsers();
    }

    @Override
    public void recoverRunningVersion() {} // as the stock group: no run-time state in properties to recover

    @Override
    public void start(
            int groupIndex, ListenerNotifier notifier, ListedHashTree groupTree, StandardJMeterEngine engine) {
        String schedule = getPropertyAsString(
                OpenModelThreadGroupSchema.INSTANCE.getSchedule().getName());
        long seed = getPropertyAsLong(
                OpenModelThreadGroupSchema.INSTANCE.getRandomSeed().getName());
        ThreadScheduleProcessGenerator arrivals;
        try {
            ThreadSchedule parsed = ThreadScheduleUtils.ThreadSchedule(schedule);
            arrivals = new ThreadScheduleProcessGenerator(seed == 0 ? new Random() : new Random(seed), parsed);
        } catch (Exception badSchedule) { // the parser's checked ParserException and TokenizerException
            throw new JMeterStopTestException(
                    "Invalid open-model schedule '" + schedule + "' in thread group " + getName() + ": "
                            + badSchedule.getMessage(),
                    badSchedule);
        }
        log.info("Starting virtual open-model thread group #{} with schedule {}", groupIndex, schedule);
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        long testStart = JMeterContextService.getTestStartTime();
        // A platform thread: arrival times are the point of an open model, and a virtual starter would queue for a
        // carrier behind the very users it starts.
        users.beginStartingOn(
                Thread.ofPlatform().daemon().name("open-model-thread-starter-" + getName() + "-" + groupIndex),
                () -> startArrivals(
                        arrivals,
                        testStart,
                        number -> makeThread(
                                engine, this, notifier, groupIndex, number, cloneTree(groupTree), variables)));
    }

    /** Stock's starter loop: each arrival at its time, then the rest of the schedule, then stop what is left. */
    private void startArrivals(
            ThreadScheduleProcessGenerator arrivals, long testStart, IntFunction<JMeterThread> factory) {
        long end = testStart + Math.round(arrivals.getTotalDuration() * 1000);
        int number = 0;
        while (arrivals.hasNext() && !Thread.currentThread().isInterrupted()) {
            VirtualUsers.pause(testStart + Math.round(arrivals.nextDouble() * 1000) - System.currentTimeMillis());
            if (Thread.currentThread().isInterrupted()) {
                return; // told to stop
            }
            users.launch(factory.apply(number++));
        }
        try {
            users.awaitNoneRunning(end - System.currentTimeMillis());
        } catch (InterruptedException e) {
            return; // told to stop: whoever told us stops the users
        }
        if (users.count() > 0) {
            log.info("Open-model schedule ended with {} arrival(s) still in flight: stopping them", users.count());
            users.stopAll(true);
        }
    }

    @Override
    public void threadFinished(JMeterThread user) {
        users.finished(user);
    }

    @Override
    public JMeterThread addNewThread(int delay, StandardJMeterEngine engine) {
        throw new UnsupportedOperationException(
                "an open-model group starts users by its schedule only, as in stock JMeter");
    }

    @Override
    public boolean stopThread(String threadName, boolean now) {
        return users.stop(threadName, now);
    }

    @Override
    public int numberOfActiveThreads() {
        return users.count();
    }

    @Override
    public boolean verifyThreadsStopped() {
        return users.allEndWithinStopTimeout();
    }

    @Override
    public void waitThreadsStopped() {
        users.awaitAllEnded();
    }

    @Override
    public void stop() {
        users.stopGracefully();
    }

    @Override
    public void tellThreadsToStop() {
        users.tellAllToStop(true);
    }
}
