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

    public static void main(String[] args) {
        ServerLauncher.launch(Variant.TOMCAT_VIRTUAL, TomcatVirtualServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return TomcatLabServer.start(contract, TomcatThreads.VIRTUAL);
    }
}
