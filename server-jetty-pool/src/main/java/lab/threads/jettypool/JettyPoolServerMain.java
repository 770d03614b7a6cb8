package lab.threads.jettypool;

import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.jetty.JettyLabServer;
import lab.threads.jetty.JettyThreads;

/** Embedded Jetty on its own QueuedThreadPool (200 threads, shared with its acceptor and selector). */
public final class JettyPoolServerMain {
    private JettyPoolServerMain() {}

    /**
     * How to run: {@code ./lab server jetty-pool} (or, built, {@code java -jar server-jetty-pool/target/server-jetty-pool.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8092/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8092/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.JETTY_POOL, JettyPoolServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return JettyLabServer.start(contract, JettyThreads.OWN_POOL);
    }
}
