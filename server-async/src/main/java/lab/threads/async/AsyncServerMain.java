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

    public static void main(String[] args) {
        ServerLauncher.launch(Variant.ASYNC, AsyncServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        return UndertowLabServer.start(contract, Sleeper.ioThreadTimer());
    }
}
