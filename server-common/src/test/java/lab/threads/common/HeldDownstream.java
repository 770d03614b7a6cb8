package lab.threads.common;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * A downstream for {@code how=socket} that answers no request until released: a server's sleep waiting on it stays in
 * flight until the test says, not for a fixed time, however slow the machine.
 */
final class HeldDownstream implements AutoCloseable {
    private final ServerSocket listener;
    private final CountDownLatch released = new CountDownLatch(1);

    HeldDownstream() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("held-downstream").start(this::acceptEach);
    }

    /** For the server's {@code --downstream}. */
    URI uri() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    /** Every request held, and every one to come, gets its 200. */
    void release() {
        released.countDown();
    }

    /** Releases what it holds, then stops listening. */
    @Override
    public void close() throws IOException {
        release();
        listener.close();
    }

    private void acceptEach() {
        while (!listener.isClosed()) {
            try {
                Socket connection = listener.accept();
                Thread.ofVirtual().start(() -> answerOnceReleased(connection));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void answerOnceReleased(Socket connection) {
        try (connection) {
            // The request line is read first: a socket closed with a request unread would be reset, not answered.
            new BufferedReader(new InputStreamReader(connection.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
            released.await();
            connection
                    .getOutputStream()
                    .write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
        } catch (IOException | InterruptedException e) {
            // The server's read of it fails, and its answer says so.
        }
    }
}
