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

    /**
     * How to run: {@code ./lab server jdk-pool} (or, built, {@code java -jar server-jdk-pool/target/server-jdk-pool.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8088/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8088/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.JDK_POOL, JdkPoolServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return JdkLabServer.start(contract, Executors.newCachedThreadPool());
    }
}
