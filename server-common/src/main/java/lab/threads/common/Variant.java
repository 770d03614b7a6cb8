package lab.threads.common;

/**
 * The servers under test: the design's three, then the control variants that isolate one factor each (docs/design.md);
 * the id is the module name. The one registry of the servers: VariantRegistryTest checks {@code ./lab}, the
 * Dockerfiles, compose and the root pom against it.
 */
public enum Variant {
    PLATFORM("server-platform", "Undertow", "a brand-new platform thread per request", 8081),
    POOL("server-pool", "Undertow", "Executors.newCachedThreadPool()", 8082),
    VIRTUAL("server-virtual", "Helidon WebServer", "a virtual thread per request", 8083),
    UNDERTOW_VIRTUAL("server-undertow-virtual", "Undertow", "Executors.newVirtualThreadPerTaskExecutor()", 8084),
    FIXED_POOL("server-fixed-pool", "Undertow", "Executors.newFixedThreadPool(200)", 8085),
    ASYNC("server-async", "Undertow", "no thread per request: a timer on the I/O thread answers", 8086),
    // The talk's three servers (SEEDS.md): the JDK's own HttpServer, whose one dispatcher thread hands each request on.
    JDK_THREAD("server-jdk-thread", "JDK HttpServer", "a brand-new platform thread per request (new Thread)", 8087),
    JDK_POOL("server-jdk-pool", "JDK HttpServer", "Executors.newCachedThreadPool()", 8088),
    JDK_VIRTUAL(
            "server-jdk-virtual", "JDK HttpServer", "a virtual thread per request (Thread.startVirtualThread)", 8089),
    // The servers teams deploy (docs/design.md): each on its own pool and on virtual threads, as they come.
    TOMCAT_POOL("server-tomcat-pool", "Tomcat", "its connector's worker pool (maxThreads 200)", 8090),
    TOMCAT_VIRTUAL("server-tomcat-virtual", "Tomcat", "a virtual thread per request (useVirtualThreads)", 8091),
    JETTY_POOL("server-jetty-pool", "Jetty", "its QueuedThreadPool (200 threads)", 8092),
    JETTY_VIRTUAL("server-jetty-virtual", "Jetty", "a virtual thread per request (its virtual-thread executor)", 8093);

    /** What {@code ./lab run} loads without {@code --servers}: the design's three. */
    public static final java.util.List<Variant> DESIGN = java.util.List.of(PLATFORM, POOL, VIRTUAL);

    /** The talk's three servers, as {@code --servers talk} and the compose profile {@code talk} name them. */
    public static final java.util.List<Variant> TALK = java.util.List.of(JDK_THREAD, JDK_POOL, JDK_VIRTUAL);

    /** The servers teams deploy, Tomcat and Jetty, each on its own pool and on virtual threads. */
    public static final java.util.List<Variant> DEPLOYED =
            java.util.List.of(TOMCAT_POOL, TOMCAT_VIRTUAL, JETTY_POOL, JETTY_VIRTUAL);

    /** Named selections beside {@code all}, for {@code --servers} and the compose profiles. */
    public static final java.util.Map<String, java.util.List<Variant>> GROUPS =
            java.util.Map.of("talk", TALK, "deployed", DEPLOYED);

    private final String id;
    private final String framework;
    private final String threadingModel;
    private final int defaultPort;

    Variant(String id, String framework, String threadingModel, int defaultPort) {
        this.id = id;
        this.framework = framework;
        this.threadingModel = threadingModel;
        this.defaultPort = defaultPort;
    }

    public String id() {
        return id;
    }

    /** The name {@code --servers} and compose profiles use: the id without {@code server-}. */
    public String shortName() {
        return id.substring("server-".length());
    }

    public String framework() {
        return framework;
    }

    public String threadingModel() {
        return threadingModel;
    }

    public int defaultPort() {
        return defaultPort;
    }
}
