package lab.threads.common;

import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands a connection's accept instant from the thread that accepted it to the adapter's first request on it, keyed by
 * the client's address and port (unique among a listener's open connections). For a framework whose accept hook and
 * request see the connection only as the peer's address (Helidon, the JDK's HttpServer, servlet containers).
 *
 * <p>An entry lives from the accept to its connection's first request; a connection closed before sending one leaves
 * its entry until the same client port connects again: at most one per client port.
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
