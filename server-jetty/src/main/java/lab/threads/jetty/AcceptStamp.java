package lab.threads.jetty;

import java.io.IOException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import lab.threads.common.AcceptedConnections;
import org.eclipse.jetty.io.SelectorManager;

/**
 * A timestamp at accept for Jetty 12.1, through its public hook. The connector's acceptor thread calls {@code accept()}
 * and hands the channel to its selector manager, which calls {@code onAccepting} on that same thread before it queues
 * the channel to a selector: the nearest call to {@code accept()} (Jetty's {@code onAccepted} and a connection's
 * {@code onOpened} come later, on a selector's task).
 */
final class AcceptStamp implements SelectorManager.AcceptListener {
    private final AcceptedConnections accepted;

    AcceptStamp(AcceptedConnections accepted) {
        this.accepted = accepted;
    }

    @Override
    public void onAccepting(SelectableChannel channel) {
        if (channel instanceof SocketChannel socket) {
            try {
                accepted.accepted(socket.getRemoteAddress());
            } catch (IOException closedAlready) {
                // No stamp: its first request, if any, is read as "accept unknown".
            }
        }
    }
}
