package lab.threads.run;

import lab.threads.model.client.LoadClient;

/** The two JVMs of a server's turn that {@code --profile} records, and the files each leaves in the server's folder. */
public enum JvmSide {
    SERVER("server", "server"),
    CLIENT("client", "client fork");

    private final String id;
    private final String label;

    JvmSide(String id, String label) {
        this.id = id;
        this.label = label;
    }

    /** The recording the runner asks the JVM to write on exit: {@code server.jfr}, {@code client.jfr}. */
    public String recording() {
        return id + ".jfr";
    }

    /** Its CPU samples as an interactive flame graph, made by the report. */
    public String flameGraph() {
        return id + "-flame.html";
    }

    /** "server", or the client's fork by name: "JMeter fork", "Hyperfoil fork". */
    public String label(LoadClient client) {
        return this == CLIENT ? client.fork() : label;
    }
}
