package lab.threads.tomcatvirtual;

import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.tomcat.TomcatLabServer;
import lab.threads.tomcat.TomcatThreads;

/** Embedded Tomcat with the connector's useVirtualThreads: every request on a new virtual thread. */
public final class TomcatVirtualServerMain {
    private TomcatVirtualServerMain() {}

    /**
     * How to run: {@code ./lab server tomcat-virtual} (or, built, {@code java -jar server-tomcat-virtual/target/server-tomcat-virtual.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8091/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8091/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.TOMCAT_VIRTUAL, TomcatVirtualServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return TomcatLabServer.start(contract, TomcatThreads.VIRTUAL);
    }
}
