package lab.threads.common;

import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands a connection's accept instant to the adapter's first request on it, keyed by the client's address and port, for
 * frameworks that show both only as the peer's address. An entry lives until that request, or until the port connects
 * again: at most one per client port.
 */
public final class AcceptedConnections {
    private final ConcurrentHashMap<SocketAddress, Long> acceptedNanos = new ConcurrentHashMap<>();

    /** Called on the accepting thread right after {@code accept()} returned {@code peer}'s connection. */
    public void accepted(SocketAddress peer) {
        if (peer != null) {
            acceptedNanos.put(peer, System.nanoTime());
        }
    }

    /** The clock of {@code peer}'s connection, at its first request; accept unknown if no accept was seen for it. */
    public ConnectionClock claim(SocketAddress peer) {
        Long accepted = peer == null ? null : acceptedNanos.remove(peer);
        return accepted == null ? ConnectionClock.acceptUnknown() : ConnectionClock.acceptedAt(accepted);
    }
}
