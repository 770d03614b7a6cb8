package lab.threads.undertow;

import io.undertow.Undertow;
import io.undertow.server.OpenListener;
import lab.threads.common.AcceptedConnections;
import org.xnio.ChannelListeners;
import org.xnio.StreamConnection;
import org.xnio.channels.AcceptingChannel;

/**
 * A timestamp at accept for Undertow. {@code Undertow.start()} builds its listening channel with an accept listener
 * that calls {@code accept()} and hands the connection to its {@link OpenListener}, with no hook between the two. This
 * puts one there: the started listener's accept listener is replaced by the same adapter around the same open
 * listener, stamping each connection on the I/O thread right after XNIO's {@code accept()} returned it, before
 * Undertow reads anything from it. XNIO reads the accept listener at each readiness, so the swap takes effect at once;
 * connections accepted before it (none under load) have no stamp.
 */
final class AcceptStamp {
    private AcceptStamp() {}

    @SuppressWarnings("unchecked")
    static void wrap(Undertow undertow, AcceptedConnections accepted) {
        for (Undertow.ListenerInfo listener : undertow.getListenerInfo()) {
            OpenListener open = (OpenListener) UndertowLoadSettings.field(listener, "openListener");
            AcceptingChannel<StreamConnection> channel =
                    (AcceptingChannel<StreamConnection>) UndertowLoadSettings.field(listener, "channel");
            channel.getAcceptSetter().set(ChannelListeners.openListenerAdapter((StreamConnection connection) -> {
                accepted.accepted(connection.getPeerAddress());
                open.handleEvent(connection);
            }));
        }
    }
}
