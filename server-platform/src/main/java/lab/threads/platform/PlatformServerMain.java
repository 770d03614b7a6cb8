package lab.threads.platform;

import java.util.concurrent.ThreadFactory;
import lab.threads.common.LabServer;
import lab.threads.common.ServerLauncher;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.undertow.UndertowLabServer;

/** Undertow with a brand-new platform thread for every request, never reused: the classic thread-per-request model. */
public final class PlatformServerMain {
    private PlatformServerMain() {}

    /**
     * How to run: {@code ./lab server platform} (or, built, {@code java -jar server-platform/target/server-platform.jar}; {@code
     * --help} lists every setting), then {@code curl 'localhost:8081/sleep?ms=250'}: the answer names the thread
     * that slept; {@code curl localhost:8081/stats} counts the threads and requests so far (docs/servers.md).
     */
    public static void main(String[] args) {
        ServerLauncher.launch(Variant.PLATFORM, PlatformServerMain::start, args);
    }

    public static LabServer start(SleepContract contract) {
        // Thread-safe factory naming threads platform-0, platform-1, ...: distinct names show that none is reused.
        // A failed Thread.start (no native thread) reaches the adapter, which answers 503.
        ThreadFactory threads = Thread.ofPlatform().name("platform-", 0).factory();
        return UndertowLabServer.start(contract, task -> threads.newThread(task).start());
    }
}
