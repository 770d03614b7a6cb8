package lab.threads.jetty;

import lab.threads.common.LoadSettings;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.component.Graceful;

/** The load settings a Jetty server runs with, read back from it. */
public final class JettyLoadSettings {
    /** What the JDK listens with when asked for a backlog below 1 (ServerSocketChannel.bind), as Jetty asks by default. */
    static final int JDK_DEFAULT_BACKLOG = 50;

    private JettyLoadSettings() {}

    static LoadSettings read(Server server, ServerConnector connector) {
        NetworkConnectionLimit limit = server.getBean(NetworkConnectionLimit.class);
        // Without a Graceful handler Jetty's stop closes the connections at once, whatever its stop timeout says.
        boolean graceful = server.getHandler() instanceof Graceful && server.getStopTimeout() > 0;
        return new LoadSettings(
                // Jetty's acceptQueueSize 0 hands the JDK a backlog of 0, which listens with 50.
                connector.getAcceptQueueSize() > 0 ? connector.getAcceptQueueSize() : JDK_DEFAULT_BACKLOG,
                limit == null ? null : limit.getMaxNetworkConnectionCount(),
                connector.getIdleTimeout() > 0 ? connector.getIdleTimeout() : null,
                graceful ? server.getStopTimeout() : null);
    }

    /** What a bare Jetty server and connector run with: for the stock-settings test. */
    public static LoadSettings defaults() {
        Server server = new Server();
        return read(server, new ServerConnector(server));
    }

    /**
     * How long a stopping Jetty joins the threads of its default pool (QueuedThreadPool's stop timeout), after it has
     * closed the connections: a handler still running goes on unanswered meanwhile.
     */
    public static long poolStopTimeoutMs() {
        return new org.eclipse.jetty.util.thread.QueuedThreadPool().getStopTimeout();
    }
}
