package lab.threads.runner.outside;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The netlink dump against a real listener on loopback, skipped where netlink cannot be asked. */
class ListenerDiagTest {
    private static final int BACKLOG = 7;
    private static final int UNACCEPTED = 3;

    @Test
    void theQueueHoldsTheConnectionsNotYetAcceptedAndTheBacklogIsTheOneAskedForUnderSomaxconn() throws Exception {
        // By lines: an integer sysctl answers only a file's first read, and readString's first read is one byte.
        long somaxconn = Long.parseLong(Files.readAllLines(Path.of("/proc/sys/net/core/somaxconn"))
                .getFirst()
                .strip());
        List<SocketChannel> connects = new ArrayList<>();
        try (ServerSocket listener = new ServerSocket(0, BACKLOG, InetAddress.getLoopbackAddress())) {
            int port = listener.getLocalPort();
            assertEquals(Optional.of(new AcceptQueue(0, Math.min(BACKLOG, somaxconn))), askOrSkip(port));
            for (int i = 0; i < UNACCEPTED; i++) {
                // A blocking connect returns once the handshake is done: the connection then waits in the queue.
                connects.add(SocketChannel.open(new InetSocketAddress(listener.getInetAddress(), port)));
            }
            assertEquals(
                    Optional.of(new AcceptQueue(UNACCEPTED, Math.min(BACKLOG, somaxconn))),
                    ListenerDiag.acceptQueue(port));
        } finally {
            for (SocketChannel connect : connects) {
                connect.close();
            }
        }
    }

    @Test
    void anIpv4OnlyListenerIsInTheOtherFamilysDump() throws Exception {
        // Java's sockets are IPv6 with IPv4 mapped unless asked: this one is AF_INET, as Netty's or a C server's can
        // be.
        List<SocketChannel> connects = new ArrayList<>();
        try (ServerSocketChannel listener = ServerSocketChannel.open(StandardProtocolFamily.INET)) {
            listener.bind(new InetSocketAddress("127.0.0.1", 0), BACKLOG);
            int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
            askOrSkip(port);
            connects.add(SocketChannel.open(new InetSocketAddress("127.0.0.1", port)));
            assertEquals(1, ListenerDiag.acceptQueue(port).orElseThrow().queued());
        } finally {
            for (SocketChannel connect : connects) {
                connect.close();
            }
        }
    }

    @Test
    void aPortNobodyListensOnHasNoQueue() throws Exception {
        int port;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = gone.getLocalPort();
        }
        assertTrue(askOrSkip(port).isEmpty());
    }

    private static Optional<AcceptQueue> askOrSkip(int port) {
        try {
            return ListenerDiag.acceptQueue(port);
        } catch (IOException netlinkUnavailable) {
            Assumptions.abort("netlink cannot be asked here: " + netlinkUnavailable.getMessage());
            return Optional.empty();
        }
    }
}
