package lab.threads.async;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A database that takes connections and never answers: r2dbc-postgresql's connect to it waits for the handshake as
 * long as the connection it accepted stays open.
 */
final class SilentDatabase implements AutoCloseable {
    private static final int ACCEPT_TIMEOUT_MS = 10_000;

    private final ServerSocket listener;

    SilentDatabase() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + listener.getLocalPort() + "/lab?user=lab&password=lab";
    }

    /** The next connection made to it, once made; the connect on the other end is pending until it is closed. */
    Socket awaitConnection() throws IOException {
        listener.setSoTimeout(ACCEPT_TIMEOUT_MS);
        return listener.accept();
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
