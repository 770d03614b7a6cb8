package lab.threads.fixedpool;

import java.util.concurrent.Executors;
import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.undertow.UndertowLabServer;

/**
 * Undertow dispatching every request to a fixed pool of 200 platform threads (--pool-threads), the common production
 * default (Tomcat's maxThreads): beyond 200 sleeps in flight, requests wait in the pool's unbounded queue.
 */
public final class FixedPoolServerMain {
    private FixedPoolServerMain() {}

    /**
     * How to run: {@code ./lab server fixed-pool} (or, built, {@code java -jar server-fixed-pool/target/server-fixed-pool.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8085/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8085/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.FIXED_POOL, FixedPoolServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return UndertowLabServer.start(
                contract, Executors.newFixedThreadPool(contract.settings().poolThreads()));
    }
}
