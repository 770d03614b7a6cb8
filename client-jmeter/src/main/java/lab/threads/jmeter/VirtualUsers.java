package lab.threads.jmeter;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running users of one thread group, each a {@link JMeterThread} on a virtual thread, started, stopped and awaited
 * as JMeter's stock groups do: the closed and open groups' JMeter methods come here.
 */
final class VirtualUsers {

    private static final Logger log = LoggerFactory.getLogger(VirtualUsers.class);
    private static final long WAIT_TO_DIE_MS = AbstractThreadGroup.DEFAULT_THREAD_STOP_TIMEOUT.toMillis();

    private final Map<JMeterThread, Thread> running = new ConcurrentHashMap<>();
    private volatile boolean starting;
    /** The thread that starts the users when the group has one (an open model's arrivals, a delayed start); or null. */
    private volatile Thread starter;

    /** The group begins starting its users on the caller's thread: {@link #starting} until it is told to stop. */
    void beginStarting() {
        starting = true;
    }

    /** The same on a thread of {@code builder}'s running {@code startUsers}: stopping interrupts it, the waits await it. */
    void beginStartingOn(Thread.Builder builder, Runnable startUsers) {
        starting = true;
        Thread thread = builder.unstarted(startUsers);
        starter = thread;
        thread.start();
    }

    /** Whether the group may start more users: it has not been told to stop. */
    boolean starting() {
        return starting;
    }

    void launch(JMeterThread user) {
        Thread thread = Thread.ofVirtual().name(user.getThreadName()).unstarted(user);
        running.put(user, thread);
        thread.start();
    }

    /** A user's own end (its group's {@code threadFinished}); wakes {@link #awaitNoneRunning}. */
    synchronized void finished(JMeterThread user) {
        running.remove(user);
        notifyAll();
    }

    int count() {
        return running.size();
    }

    /** Waits until no user runs or {@code millis} have passed, whichever comes first. */
    synchronized void awaitNoneRunning(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        for (long left = millis; !running.isEmpty() && left > 0; left = deadline - System.currentTimeMillis()) {
            wait(left);
        }
    }

    /** @return whether a user of that name was running */
    boolean stop(String threadName, boolean now) {
        for (Map.Entry<JMeterThread, Thread> entry : running.entrySet()) {
            if (entry.getKey().getThreadName().equals(threadName)) {
                stop(entry.getKey(), entry.getValue(), now);
                return true;
            }
        }
        return false;
    }

    /** Stops every running user but not the starting: an open model's starter stops what is left at its end. */
    void stopAll(boolean now) {
        running.forEach((user, thread) -> stop(user, thread, now));
    }

    /** The group's {@code tellThreadsToStop}: no more users started, every running one stopped. */
    void tellAllToStop(boolean now) {
        stopStarting();
        stopAll(now);
    }

    /** The group's {@code stop}, graceful: no more users started, each running one ends after its current sample. */
    void stopGracefully() {
        stopStarting();
        running.keySet().forEach(JMeterThread::stop);
    }

    /** Ends the starting: a starter thread is interrupted, so its pauses end at once. */
    private void stopStarting() {
        starting = false;
        Thread current = starter;
        if (current != null) {
            current.interrupt();
        }
    }

    /** Stock stop: flag the user, abort its sample, and interrupt its thread when stopping now. */
    private static void stop(JMeterThread user, Thread thread, boolean interrupt) {
        user.stop();
        user.interrupt();
        if (interrupt) {
            thread.interrupt();
        }
    }

    /** The group's {@code verifyThreadsStopped}: its starter thread (if any) and every user end in time. */
    boolean allEndWithinStopTimeout() {
        return endsWithinStopTimeout(starter)
                && running.values().stream().allMatch(VirtualUsers::endsWithinStopTimeout);
    }

    /** The group's {@code waitThreadsStopped}: its starter thread (if any), then every user. */
    void awaitAllEnded() {
        awaitEnd(starter);
        // Users can be added while we wait (a group's addNewThread), hence the loop, as in the stock group.
        while (!running.isEmpty()) {
            running.values().forEach(VirtualUsers::awaitEnd);
        }
    }

    private static boolean endsWithinStopTimeout(Thread thread) {
        if (thread == null) {
            return true;
        }
        try {
            thread.join(WAIT_TO_DIE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            log.warn("Thread won't exit: {}", thread.getName());
            return false;
        }
        return true;
    }

    private static void awaitEnd(Thread thread) {
        boolean interrupted = false;
        while (thread != null && thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Sleeps up to {@code millis}; returns early when the group is told to stop (which interrupts the sleeper). */
    static void pause(long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
