package lab.threads.virtual;

import io.helidon.common.socket.SocketOptions;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketOption;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import lab.threads.common.AcceptedConnections;

/**
 * A timestamp at accept for Helidon 4.5. Its listener's one platform thread calls {@code accept()} and, on the same
 * thread before it hands the connection to a new virtual thread, configures the socket with the listener's
 * {@code connectionOptions}: the only connection-level call Helidon makes between the two (its connection selectors
 * and connection listeners run later, on the connection's virtual thread, after its first read). These options are
 * Helidon's own, unchanged, and they stamp the connection there.
 */
final class AcceptStampingOptions implements SocketOptions {
    private final SocketOptions options;
    private final AcceptedConnections accepted;

    AcceptStampingOptions(SocketOptions options, AcceptedConnections accepted) {
        this.options = options;
        this.accepted = accepted;
    }

    @Override
    public void configureSocket(SocketChannel socket) {
        try {
            accepted.accepted(socket.getRemoteAddress());
        } catch (IOException closedAlready) {
            // No stamp: its first request, if any, is read as "accept unknown".
        }
        options.configureSocket(socket);
    }

    @Override
    public void configureSocket(Socket socket) {
        options.configureSocket(socket);
    }

    @Override
    public Map<SocketOption<?>, Object> socketOptions() {
        return options.socketOptions();
    }

    @Override
    public Duration connectTimeout() {
        return options.connectTimeout();
    }

    @Override
    public Duration readTimeout() {
        return options.readTimeout();
    }

    @Override
    public Optional<Integer> socketReceiveBufferSize() {
        return options.socketReceiveBufferSize();
    }

    @Override
    public Optional<Integer> socketSendBufferSize() {
        return options.socketSendBufferSize();
    }

    @Override
    public boolean socketReuseAddress() {
        return options.socketReuseAddress();
    }

    @Override
    public boolean socketKeepAlive() {
        return options.socketKeepAlive();
    }

    @Override
    public boolean tcpNoDelay() {
        return options.tcpNoDelay();
    }

    @Override
    public String toString() {
        return options.toString();
    }
}
