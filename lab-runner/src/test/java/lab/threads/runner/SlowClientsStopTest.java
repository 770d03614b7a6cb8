package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import lab.threads.common.Variant;
import lab.threads.runner.process.LabHome;
import lab.threads.runner.process.ServerProcess;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every variant stops within {@link #BOUND} of SIGTERM with 2,000 slow clients connected, each having sent a request's
 * first lines and never the end of its head (a slowloris): none of them has a request in flight, so the shutdown grace
 * (the longest sleep and 5 s, 65 s here), which is for the requests in flight, has nothing to wait for.
 */
@Tag(FaultRun.TAG)
class SlowClientsStopTest {
    private static final int SLOW_CLIENTS = 2_000;
    /** The stop's bound with no request in flight: far under the grace, above a JVM's own exit. */
    private static final Duration BOUND = Duration.ofSeconds(5);

    private static final Duration REACTION = Duration.ofSeconds(10);
    private static final Duration GRACE = Duration.ofSeconds(70);

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aServerWithSlowClientsConnectedStopsWithinTheBound(Variant variant) throws Exception {
        ServerProcess server = ServerProcess.start(new ServerProcess.Spec(
                variant,
                LabHome.serverJar(LabHome.locate(), variant),
                TestServerJvm.FLAGS,
                List.of(),
                freePort(),
                dir.resolve("server.log"),
                Duration.ofSeconds(60),
                ServerProcess.Launch.own()));
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < SLOW_CLIENTS; i++) {
                Socket socket = new Socket(
                        InetAddress.getLoopbackAddress(), server.base().getPort());
                OutputStream out = socket.getOutputStream();
                out.write("GET /sleep?ms=10 HTTP/1.1\r\nHost: lab\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                slow.add(socket);
            }
            long started = System.nanoTime();
            String outcome = server.stop(REACTION, GRACE);
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertTrue(outcome.startsWith("stopped gracefully after SIGTERM"), variant.id() + ": " + outcome);
            assertTrue(
                    took.compareTo(BOUND) <= 0,
                    variant.id() + " stopped " + took.toMillis() + " ms after SIGTERM with " + SLOW_CLIENTS
                            + " slow clients connected, past the bound of " + BOUND.toSeconds() + " s");
        } finally {
            for (Socket socket : slow) {
                socket.close();
            }
            if (server.isAlive()) {
                server.kill();
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}
