package lab.threads.tomcat;

import java.nio.channels.SocketChannel;
import lab.threads.common.AcceptedConnections;
import org.apache.tomcat.util.net.NioEndpoint;

/**
 * A timestamp at accept for Tomcat 11, which has no public accept hook. Its NIO connector's acceptor thread calls
 * {@code serverSocketAccept()}, a protected method of the endpoint that wraps the channel's {@code accept()}, and then
 * configures the socket and registers it with the poller: the stamp is taken on the acceptor thread as it returns.
 * The endpoint is Tomcat's own, unchanged otherwise, handed to the stock {@code Http11NioProtocol}.
 */
final class AcceptStampingEndpoint extends NioEndpoint {
    private final AcceptedConnections accepted;

    AcceptStampingEndpoint(AcceptedConnections accepted) {
        this.accepted = accepted;
    }

    @Override
    protected SocketChannel serverSocketAccept() throws Exception {
        SocketChannel socket = super.serverSocketAccept();
        if (socket != null) {
            accepted.accepted(socket.getRemoteAddress());
        }
        return socket;
    }
}
