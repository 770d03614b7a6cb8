package lab.threads.jmeter;

import java.io.IOException;
import java.io.ObjectInputStream;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.ListenerNotifier;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jorphan.collections.ListedHashTree;
import org.apache.jorphan.util.JMeterStopTestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A stock {@link ThreadGroup} whose users run on virtual threads.
 * <p>JMeter 5.6.3 has no switch for this and creates each user's {@code Thread} in private methods, so this class
 * re-implements the start, registry and stop paths; everything a plan sets is still read through the parent's getters,
 * and users keep the stock thread names. Virtual threads are daemons; the engine still waits for them ({@link
 * #waitThreadsStopped()}).
 */
public class VirtualThreadGroup extends ThreadGroup {

    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(VirtualThreadGroup.class);

    // Run-time state only, like the parent's: a plan is saved and sent as properties.
    private transient VirtualUsers users = new VirtualUsers();
    private transient int groupNumber;
    private transient ListenerNotifier notifier;
    private transient ListedHashTree groupTree;

    /** A distributed run sends the group serialised, which skips field initialisers: without this, a null registry. */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        users = new VirtualUsers();
    }

    @Override
    public void start(
            int groupNum,
            ListenerNotifier listenerNotifier,
            ListedHashTree threadGroupTree,
            StandardJMeterEngine engine) {
        groupNumber = groupNum;
        notifier = listenerNotifier;
        groupTree = threadGroupTree;
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        log.info(
                "Starting virtual thread group... number={} threads={} ramp-up={}",
                groupNum,
                getNumThreads(),
                getRampUp());
        if (getPropertyAsBoolean(DELAYED_START)) {
            users.beginStartingOn(
                    Thread.ofVirtual().name(getName() + "-ThreadStarter"), () -> startWhenDue(engine, variables));
        } else {
            users.beginStarting();
            startAllNow(engine, variables);
        }
    }

    /** Stock default: create every user at once, each waiting for its ramp-up slot as its initial delay. */
    private void startAllNow(StandardJMeterEngine engine, JMeterVariables variables) {
        int count = getNumThreads();
        long rampUpMillis = getRampUp() * 1000L;
        long origin = System.currentTimeMillis();
        for (int i = 0; users.starting() && i < count; i++) {
            long now = System.currentTimeMillis();
            JMeterThread user = newUser(engine, i, variables);
            if (getScheduler()) {
                schedule(user, now);
            }
            user.setInitialDelay((int) Math.max(0, origin + rampUpMillis * i / count - now));
            users.launch(user);
        }
    }

    /** "Delay thread creation until needed": create each user when its ramp-up slot comes. */
    private void startWhenDue(StandardJMeterEngine engine, JMeterVariables variables) {
        JMeterContextService.getContext().setVariables(variables);
        long endTime = 0;
        if (getScheduler()) {
            VirtualUsers.pause(getDelay() * 1000);
            endTime = System.currentTimeMillis() + getDuration() * 1000;
        }
        int count = getNumThreads();
        long rampUpMillis = getRampUp() * 1000L;
        long origin = System.currentTimeMillis();
        for (int i = 0; users.starting() && i < count; i++) {
            VirtualUsers.pause(origin + rampUpMillis * i / count - System.currentTimeMillis());
            if (!users.starting() || getScheduler() && System.currentTimeMillis() > endTime) {
                break;
            }
            JMeterThread user = newUser(engine, i, variables);
            if (getScheduler()) {
                user.setScheduled(true);
                user.setEndTime(endTime);
            }
            users.launch(user);
        }
    }

    @Override
    public JMeterThread addNewThread(int delay, StandardJMeterEngine engine) {
        int threadNum;
        synchronized (users) {
            threadNum = getNumThreads();
            setNumThreads(threadNum + 1);
        }
        JMeterThread user =
                newUser(engine, threadNum, JMeterContextService.getContext().getVariables());
        if (getScheduler()) {
            schedule(user, System.currentTimeMillis());
        }
        user.setInitialDelay(delay);
        users.launch(user);
        JMeterContextService.addTotalThreads(1);
        return user;
    }

    private JMeterThread newUser(StandardJMeterEngine engine, int threadNum, JMeterVariables variables) {
        return makeThread(engine, this, notifier, groupNumber, threadNum, cloneTree(groupTree), variables);
    }

    private void schedule(JMeterThread user, long now) {
        if (getDelay() < 0 || getDuration() <= 0) {
            throw new JMeterStopTestException("Invalid scheduler delay " + getDelay() + " or duration " + getDuration()
                    + " in thread group " + getName());
        }
        user.setStartTime(now + getDelay() * 1000);
        user.setEndTime(user.getStartTime() + getDuration() * 1000);
        user.setScheduled(true);
    }

    @Override
    public void threadFinished(JMeterThread user) {
        users.finished(user);
    }

    @Override
    public boolean stopThread(String threadName, boolean now) {
        return users.stop(threadName, now);
    }

    @Override
    public void tellThreadsToStop(boolean now) {
        users.tellAllToStop(now);
    }

    @Override
    public void stop() {
        users.stopGracefully();
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
}
