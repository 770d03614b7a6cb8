package lab.threads.jdkvirtual;

import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.jdk.JdkLabServer;

/** The talk's "virtual threads": the JDK HttpServer's dispatcher starts a virtual thread for every request. */
public final class JdkVirtualServerMain {
    private JdkVirtualServerMain() {}

    public static void main(String[] args) {
        ServerLauncher.launch(Variant.JDK_VIRTUAL, JdkVirtualServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return JdkLabServer.start(contract, Thread::startVirtualThread);
    }
}
