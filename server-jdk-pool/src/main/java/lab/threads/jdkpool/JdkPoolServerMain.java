package lab.threads.jdkpool;

import java.util.concurrent.Executors;
import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.jdk.JdkLabServer;

/** The talk's "smart threads": the JDK HttpServer's dispatcher hands every request to a cached thread pool. */
public final class JdkPoolServerMain {
    private JdkPoolServerMain() {}

    public static void main(String[] args) {
        ServerLauncher.launch(Variant.JDK_POOL, JdkPoolServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return JdkLabServer.start(contract, Executors.newCachedThreadPool());
    }
}
