package lab.threads.common;

/** The three threading models under test. The name is the module name; it appears in every JSON body and result. */
public enum Variant {
    PLATFORM("server-platform", "Undertow", "a brand-new platform thread per request", 8081),
    POOL("server-pool", "Undertow", "Executors.newCachedThreadPool()", 8082),
    VIRTUAL("server-virtual", "Helidon WebServer", "a virtual thread per request", 8083);

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
