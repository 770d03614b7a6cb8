package lab.threads.tomcat;

/** The one thing the Tomcat variants differ in: which threads the connector runs requests on. */
public enum TomcatThreads {
    /** The connector's own worker pool: maxThreads 200 with stock settings, {@code --pool-threads} with the lab's. */
    OWN_POOL,
    /**
     * The connector's {@code useVirtualThreads}: a new virtual thread per request, no pool (what Spring Boot's
     * {@code spring.threads.virtual.enabled} switches on).
     */
    VIRTUAL
}
