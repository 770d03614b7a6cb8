package lab.threads.undertowvirtual;

import java.util.concurrent.Executors;
import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.undertow.UndertowLabServer;

/**
 * Undertow dispatching every request to a new virtual thread. Against server-pool it changes only the threading model;
 * against server-virtual (Helidon) only the framework.
 */
public final class UndertowVirtualServerMain {
    private UndertowVirtualServerMain() {}

    /**
     * How to run: {@code ./lab server undertow-virtual} (or, built, {@code java -jar server-undertow-virtual/target/server-undertow-virtual.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8084/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8084/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.UNDERTOW_VIRTUAL, UndertowVirtualServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return UndertowLabServer.start(contract, Executors.newVirtualThreadPerTaskExecutor());
    }
}
