package lab.threads.tomcat;

import lab.threads.common.LoadSettings;
import org.apache.catalina.core.StandardContext;
import org.apache.coyote.http11.AbstractHttp11Protocol;

/** The load settings a started Tomcat runs with, read back from its connector and its context. */
public final class TomcatLoadSettings {
    private TomcatLoadSettings() {}

    static LoadSettings read(AbstractHttp11Protocol<?> protocol, StandardContext context) {
        // keepAliveTimeout unset is connectionTimeout (Tomcat's getter says so); -1 is none. maxConnections -1: none.
        int keepAliveMs = protocol.getKeepAliveTimeout();
        return new LoadSettings(
                protocol.getAcceptCount(),
                protocol.getMaxConnections() < 0 ? null : protocol.getMaxConnections(),
                keepAliveMs < 0 ? null : (long) keepAliveMs,
                // Tomcat's stop waits the context's unload delay for requests still in a servlet, then closes.
                context.getUnloadDelay() > 0 ? context.getUnloadDelay() : null);
    }

    /** What a Tomcat connector and context run with when nothing is set: for the stock-settings test. */
    public static LoadSettings defaults() {
        return read(
                (AbstractHttp11Protocol<?>)
                        new org.apache.catalina.connector.Connector("HTTP/1.1").getProtocolHandler(),
                new StandardContext());
    }
}
