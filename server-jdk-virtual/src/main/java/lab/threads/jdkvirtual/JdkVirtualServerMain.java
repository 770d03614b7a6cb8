package lab.threads.jdkvirtual;

import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.jdk.JdkLabServer;

/** The talk's "virtual threads": the JDK HttpServer's dispatcher starts a virtual thread for every request. */
public final class JdkVirtualServerMain {
    private JdkVirtualServerMain() {}

    /**
     * How to run: {@code ./lab server jdk-virtual} (or, built, {@code java -jar server-jdk-virtual/target/server-jdk-virtual.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8089/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8089/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.JDK_VIRTUAL, JdkVirtualServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return JdkLabServer.start(contract, Thread::startVirtualThread);
    }
}
