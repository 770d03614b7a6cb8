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

    public static void main(String[] args) {
        ServerLauncher.launch(Variant.JETTY_POOL, JettyPoolServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return JettyLabServer.start(contract, JettyThreads.OWN_POOL);
    }
}
