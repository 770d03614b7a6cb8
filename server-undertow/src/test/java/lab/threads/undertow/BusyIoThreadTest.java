package lab.threads.undertow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import lab.threads.common.RawHttp;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xnio.XnioWorker;

/**
 * A busy I/O thread, injected for real: every Undertow I/O thread is held 1 s while a kept-alive connection's next
 * request arrives. The delay lands in the server's record between the request's wait beginning (the previous response's
 * end on the connection) and the framework having it (waiting to be read), not in the wait for a thread or the handler.
 */
class BusyIoThreadTest {
    private static final long HELD_MS = 1_000;

    @TempDir
    Path dir;

    @Test
    void aBusyIoThreadPutsTheDelayInTheWaitToBeRead() throws Exception {
        Path log = dir.resolve("requests.csv");
        SleepContract contract = new SleepContract(
                Variant.PLATFORM, ServerSettings.parse(Variant.PLATFORM, "--port=0", "--request-log=" + log));
        UndertowLabServer server =
                (UndertowLabServer) UndertowLabServer.start(contract, Executors.newCachedThreadPool());
        long sentUs;
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.setSoTimeout(10_000);
            assertEquals(200, RawHttp.get(socket, "/sleep?ms=0&rid=before"));
            XnioWorker worker = server.worker();
            CountDownLatch held = new CountDownLatch(worker.getIoThreadCount());
            for (int i = 0; i < worker.getIoThreadCount(); i++) {
                worker.getIoThread(i).execute(() -> {
                    held.countDown();
                    try {
                        Thread.sleep(HELD_MS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            assertTrue(held.await(5, TimeUnit.SECONDS), "every I/O thread held");
            sentUs = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
            assertEquals(200, RawHttp.get(socket, "/sleep?ms=0&rid=behind"), () -> log.toString());
        } finally {
            server.stop();
            contract.close();
        }

        Map<String, long[]> byId = new HashMap<>();
        List<String> lines = Files.readAllLines(log);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            byId.put(f[0], new long[] {
                Long.parseLong(f[5]), Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4])
            });
        }
        long[] behind = byId.get("behind");
        long waitingSince = behind[0];
        long received = behind[1];
        long started = behind[2];
        long responded = behind[3];
        assertEquals(byId.get("before")[3], waitingSince, "a keep-alive request waits from the previous response");
        assertTrue(
                received - sentUs >= (HELD_MS - 300) * 1000,
                "read only once an I/O thread was free: " + (received - sentUs) + " us after it was sent");
        assertTrue(
                responded - received < 300_000,
                "no wait for a thread, a 0 ms sleep: " + (started - received) + " + " + (responded - started) + " us");
    }
}
