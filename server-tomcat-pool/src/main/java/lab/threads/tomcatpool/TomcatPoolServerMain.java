package lab.threads.tomcatpool;

import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.tomcat.TomcatLabServer;
import lab.threads.tomcat.TomcatThreads;

/** Embedded Tomcat on its connector's own worker pool: 200 threads, an unbounded task queue, maxConnections 8192, acceptCount 100 (stock). */
public final class TomcatPoolServerMain {
    private TomcatPoolServerMain() {}

    /**
     * How to run: {@code ./lab server tomcat-pool} (or, built, {@code java -jar server-tomcat-pool/target/server-tomcat-pool.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8090/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8090/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.TOMCAT_POOL, TomcatPoolServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return TomcatLabServer.start(contract, TomcatThreads.OWN_POOL);
    }
}
