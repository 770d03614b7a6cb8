package lab.threads.undertow;

import io.undertow.Undertow;
import io.undertow.server.OpenListener;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.channels.ClosedChannelException;
import lab.threads.common.AcceptedConnections;
import org.xnio.ChannelListener;
import org.xnio.StreamConnection;
import org.xnio.channels.AcceptingChannel;

/**
 * A timestamp at accept for Undertow. {@code Undertow.start()} listens through XNIO 3.8's {@code QueuedNioTcpServer2}:
 * one I/O thread calls {@code accept()} (up to 128 at a time) and queues each connection to the I/O thread it belongs
 * to, which hands it to Undertow's {@link OpenListener} when it gets to that task. Undertow's only hook, the open
 * listener, therefore runs after a second queue, inside the process, that the kernel's Recv-Q does not show: a busy
 * I/O thread (the platform server's, starting threads) leaves accepted connections there for seconds.
 *
 * <p>So this takes over the accepting: the real listening server's accept listener (XNIO's {@code NioTcpServer}, which
 * keeps the connection limit) calls {@code accept()} as XNIO's did, stamps each connection at once, and hands it to
 * the same open listener on its own I/O thread, as XNIO's queue did. XNIO reads the accept listener at each readiness,
 * so the swap takes effect at once; connections accepted before it (none under load) have no stamp.
 */
final class AcceptStamp {
    /** XNIO's own bound: after this many accepts in one go, let the thread's other work run. */
    private static final int ACCEPTS_PER_READINESS = 128;

    private AcceptStamp() {}

    static void wrap(Undertow undertow, AcceptedConnections accepted) {
        for (Undertow.ListenerInfo listener : undertow.getListenerInfo()) {
            OpenListener open = (OpenListener) UndertowLoadSettings.field(listener, "openListener");
            AcceptingChannel<StreamConnection> listening = listening(UndertowLoadSettings.field(listener, "channel"));
            setAcceptListener(listening, server -> acceptAll(listening, open, accepted));
        }
    }

    private static void acceptAll(
            AcceptingChannel<StreamConnection> listening, OpenListener open, AcceptedConnections accepted) {
        for (int i = 0; i < ACCEPTS_PER_READINESS; i++) {
            StreamConnection connection;
            try {
                connection = listening.accept();
            } catch (ClosedChannelException stopped) {
                return;
            } catch (IOException e) {
                // XNIO logs and counts a failed accept itself; the next readiness tries again.
                return;
            }
            if (connection == null) {
                return;
            }
            accepted.accepted(connection.getPeerAddress());
            connection.getIoThread().execute(() -> open.handleEvent(connection));
        }
    }

    /** XNIO's real listening server behind its queueing wrapper; the channel itself if there is none. */
    @SuppressWarnings("unchecked")
    private static AcceptingChannel<StreamConnection> listening(Object channel) {
        try {
            Field real = channel.getClass().getDeclaredField("realServer");
            real.setAccessible(true);
            return (AcceptingChannel<StreamConnection>) real.get(channel);
        } catch (NoSuchFieldException notQueued) {
            return (AcceptingChannel<StreamConnection>) channel;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("XNIO's listening server not readable: another XNIO than 3.8?", e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void setAcceptListener(
            AcceptingChannel<StreamConnection> listening, ChannelListener<AcceptingChannel<StreamConnection>> then) {
        ((ChannelListener.Setter) listening.getAcceptSetter()).set(then);
    }
}
