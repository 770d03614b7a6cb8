import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The talk's server as a one-file program, written the way the talk shows it: the JDK's HttpServer on port 8500
 * (backlog 0: the JDK then uses 50), one context /test, no executor (the handler runs on the server's one dispatcher
 * thread), and each request handed on to a new thread, a cached pool or a virtual thread that sleeps 6 s and answers.
 * Not one of the lab's servers: it keeps no /health, /stats or request log. Run it as a guest of the lab:
 *
 *   java Test.java virtual            # or: thread, pool; a second argument sets the port, a third the sleep in ms
 *   ./lab run --target talk-virtual=http://127.0.0.1:8500/test --target-command talk-virtual="java docs/examples/Test.java virtual"
 */
public class Test {
    private static final AtomicLong REQUESTS = new AtomicLong();

    public static void main(String[] args) throws IOException {
        String mode = args.length > 0 ? args[0] : "virtual";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 8500;
        long sleepMs = args.length > 2 ? Long.parseLong(args[2]) : 6000;
        ExecutorService pool = Executors.newCachedThreadPool();
        HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
        server.createContext("/test", exchange -> {
            Runnable task = () -> answer(exchange, sleepMs);
            switch (mode) {
                case "thread" -> new Thread(task).start();
                case "pool" -> pool.execute(task);
                case "virtual" -> Thread.startVirtualThread(task);
                default -> throw new IllegalArgumentException("mode must be thread, pool or virtual: " + mode);
            }
        });
        server.start();
        System.out.println("Test: " + mode + " on port " + port + ", /test sleeps " + sleepMs + " ms");
    }

    private static void answer(HttpExchange exchange, long sleepMs) {
        try (exchange) {
            byte[] body = ("Request count: " + REQUESTS.incrementAndGet()).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Access-Control-Allow-Origin", "*");
            exchange.getResponseHeaders().add("Content-Type", "application/json; charset=UTF-8");
            Thread.sleep(sleepMs);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (IOException | InterruptedException e) {
            e.printStackTrace();
        }
    }
}
