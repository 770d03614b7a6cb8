package lab.threads.jettyvirtual;

import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.jetty.JettyLabServer;
import lab.threads.jetty.JettyThreads;

/** Embedded Jetty with its virtual-thread executor: every handler call on a new virtual thread. */
public final class JettyVirtualServerMain {
    private JettyVirtualServerMain() {}

    /**
     * How to run: {@code ./lab server jetty-virtual} (or, built, {@code java -jar server-jetty-virtual/target/server-jetty-virtual.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8093/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8093/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.JETTY_VIRTUAL, JettyVirtualServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return JettyLabServer.start(contract, JettyThreads.VIRTUAL);
    }
}
