package lab.threads.jmeter.workers;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

/**
 * The sockets of every RMI connection of this JVM: listening on one address only, TLS with client certificates both
 * ways unless plain RMI was asked for.
 * <p>Not JMeter's own TLS factories ({@code server.rmi.ssl.*}): JMeter makes one per exported object and RMI shares a
 * port only between equal factories, so the controller's fixed callback port failed ({@code Address already in use});
 * and they carry the keystore path to the other side. This JVM-wide one gives one port per worker, fixed callback
 * ports, each machine its own keystore path.
 */
final class RmiSockets extends RMISocketFactory {

    private final InetAddress listenAddress;
    private final SSLContext tls;

    private RmiSockets(InetAddress listenAddress, SSLContext tls) {
        this.listenAddress = listenAddress;
        this.tls = tls;
    }

    /** @throws IllegalArgumentException for a keystore that cannot be opened */
    static void install(InetAddress listenAddress, RmiSecurity security) throws IOException {
        RMISocketFactory.setSocketFactory(new RmiSockets(
                listenAddress, security.insecure() ? null : security.keystore().tlsContext()));
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return tls == null ? new Socket(host, port) : tls.getSocketFactory().createSocket(host, port);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        if (tls == null) {
            return new ServerSocket(port, 0, listenAddress);
        }
        SSLServerSocket socket =
                (SSLServerSocket) tls.getServerSocketFactory().createServerSocket(port, 0, listenAddress);
        // A caller without the shared certificate is refused in the handshake, before it can send anything.
        socket.setNeedClientAuth(true);
        return socket;
    }
}
