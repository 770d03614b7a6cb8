package lab.threads.jetty;

import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/** The one thing the Jetty variants differ in: which threads run the handler. */
public enum JettyThreads {
    /** Jetty's own QueuedThreadPool: 200 threads with stock settings, {@code --pool-threads} with the lab's. */
    OWN_POOL,
    /**
     * The same QueuedThreadPool for Jetty's selector and acceptor, with its virtual-thread executor set: Jetty runs
     * each blocking handler call on a new virtual thread (what Spring Boot's {@code spring.threads.virtual.enabled}
     * does to Jetty). Unbounded: Jetty's {@code VirtualThreadPool}, which its guide recommends, would cap the tasks at
     * its maxThreads (200 by default), a fixed pool again for 6 s sleeps.
     */
    VIRTUAL;

    /** Jetty's pool for this model; {@code labThreads} is its maximum under lab settings, null keeps Jetty's 200. */
    QueuedThreadPool pool(Integer labThreads) {
        QueuedThreadPool pool =
                labThreads != null && this == OWN_POOL ? new QueuedThreadPool(labThreads) : new QueuedThreadPool();
        if (this == VIRTUAL) {
            pool.setVirtualThreadsExecutor(VirtualThreads.getNamedVirtualThreadsExecutor("jetty-virtual-"));
        }
        return pool;
    }
}
