package lab.threads.pool;

import java.util.concurrent.Executors;
import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.undertow.UndertowLabServer;

/** Undertow dispatching every request to {@code Executors.newCachedThreadPool()}: idle threads are reused for 60 s. */
public final class PoolServerMain {
    private PoolServerMain() {}

    /**
     * How to run: {@code ./lab server pool} (or, built, {@code java -jar server-pool/target/server-pool.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8082/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8082/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.POOL, PoolServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return UndertowLabServer.start(contract, Executors.newCachedThreadPool());
    }
}
