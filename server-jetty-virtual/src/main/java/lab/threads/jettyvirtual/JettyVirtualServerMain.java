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

    public static void main(String[] args) {
        ServerLauncher.launch(Variant.JETTY_VIRTUAL, JettyVirtualServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return JettyLabServer.start(contract, JettyThreads.VIRTUAL);
    }
}
