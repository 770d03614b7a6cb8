package lab.threads.jdkthread;

import java.util.concurrent.ThreadFactory;
import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.jdk.JdkLabServer;

/** The talk's "dumb threads": the JDK HttpServer's dispatcher starts a brand-new platform thread for every request. */
public final class JdkThreadServerMain {
    private JdkThreadServerMain() {}

    /**
     * How to run: {@code ./lab server jdk-thread} (or, built, {@code java -jar server-jdk-thread/target/server-jdk-thread.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8087/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8087/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.JDK_THREAD, JdkThreadServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        // The talk's new Thread(task).start(), named jdk-thread-0, -1, ...: distinct names show none is reused.
        ThreadFactory threads = Thread.ofPlatform().name("jdk-thread-", 0).factory();
        return JdkLabServer.start(contract, task -> threads.newThread(task).start());
    }
}
