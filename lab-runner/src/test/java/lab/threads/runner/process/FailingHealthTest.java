package lab.threads.runner.process;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import lab.threads.common.ServerLauncher;
import lab.threads.common.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that says it is ready and then answers /health with 500 (a framework calling what its JDK lacks) is
 * reported at once, with its status and its answer, not waited on for the whole start timeout.
 */
class FailingHealthTest {

    /** A stand-in server: the ready line, then 500 to every request. */
    private static final String FAILING = """
            import com.sun.net.httpserver.HttpServer;
            import java.net.InetSocketAddress;
            class Failing {
                public static void main(String[] args) throws Exception {
                    HttpServer server = HttpServer.create(
                            new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])), 0);
                    server.createContext("/", exchange -> {
                        byte[] body = "java.lang.NoSuchMethodError: InetAddress.ofLiteral".getBytes();
                        exchange.sendResponseHeaders(500, body.length);
                        exchange.getResponseBody().write(body);
                        exchange.close();
                    });
                    server.start();
                    System.out.println("%s 127.0.0.1:" + args[0]);
                }
            }
            """.formatted(ServerLauncher.READY);

    @TempDir
    Path dir;

    @Test
    void aServerWhoseHealthAnswers500IsReportedAtOnceWithItsAnswer() throws Exception {
        Path source = Files.writeString(dir.resolve("Failing.java"), FAILING);
        // Stands in for java: runs the stand-in with the port the runner gives its server.
        Path java = Files.writeString(
                dir.resolve("java"),
                "#!/usr/bin/env bash\nfor a in \"$@\"; do case $a in --port=*) port=${a#--port=};; esac; done\n"
                        + "exec '" + Java.executable() + "' '" + source + "' \"$port\"\n");
        java.toFile().setExecutable(true);
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        ServerProcess.Spec spec = new ServerProcess.Spec(
                Variant.TOMCAT_VIRTUAL,
                dir.resolve("server-tomcat-virtual.jar"),
                List.of(),
                List.of(),
                port,
                dir.resolve("server.log"),
                Duration.ofSeconds(60),
                new ServerProcess.Launch(List.of(), java.toString()));

        long start = System.nanoTime();
        ServerProcess.ServerFailedException failed =
                assertThrows(ServerProcess.ServerFailedException.class, () -> ServerProcess.start(spec));
        long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();

        assertTrue(
                failed.getMessage().contains("answered http://127.0.0.1:" + port + "/health with 500"),
                failed::getMessage);
        assertTrue(failed.getMessage().contains("NoSuchMethodError"), failed::getMessage);
        assertTrue(seconds < 30, "reported after " + seconds + " s, not the start timeout's 60");
    }
}
