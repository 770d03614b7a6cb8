package lab.threads.async;

import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.undertow.Sleeper;
import lab.threads.undertow.UndertowLabServer;

/**
 * Undertow with no thread per request: the I/O thread that read a request schedules its answer on its own timer and
 * moves on. Nothing blocks, so this is the machine's ceiling for the endpoint.
 */
public final class AsyncServerMain {
    private AsyncServerMain() {}

    /**
     * How to run: {@code ./lab server async} (or, built, {@code java -jar server-async/target/server-async.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8086/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8086/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.ASYNC, AsyncServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return UndertowLabServer.start(contract, Sleeper.ioThreadTimer());
    }
}
