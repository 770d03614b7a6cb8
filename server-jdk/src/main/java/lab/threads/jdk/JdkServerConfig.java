package lab.threads.jdk;

import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.common.ServerSettings;
import lab.threads.common.SettingsMode;

/**
 * The JDK HttpServer's connection limits. They are not arguments of a server but system properties that
 * {@code sun.net.httpserver.ServerConfig} reads once, in its static initialiser, when the JVM's first server is created
 * (JDK 25 source): every server of a JVM runs with the same. So the settings mode is fixed per JVM: the first server
 * sets them (lab) or leaves them (stock), and a later server that would need others is refused, not given them silently.
 *
 * @param maxIdleConnections  idle keep-alive connections kept at most; a connection that goes idle beyond it is closed
 * @param maxConnections      open connections at most, or <= 0 for none; beyond it the JDK accepts and closes at once
 * @param idleIntervalSeconds an idle keep-alive connection is closed after this (checked every 10 s, the JDK's clockTick)
 */
record JdkServerConfig(int maxIdleConnections, int maxConnections, long idleIntervalSeconds) {
    static final String MAX_IDLE_CONNECTIONS = "sun.net.httpserver.maxIdleConnections";
    static final String MAX_CONNECTIONS = "jdk.httpserver.maxConnections";
    static final String IDLE_INTERVAL = "sun.net.httpserver.idleInterval";

    /** ServerConfig's defaults (JDK 25): 200 idle connections, no connection limit, 30 s idle. */
    static final JdkServerConfig JDK_DEFAULTS = new JdkServerConfig(200, -1, 30);

    private static SettingsMode fixedMode;
    private static JdkServerConfig fixed;

    /**
     * The limits the servers of this JVM run with, set before the first is created: with lab settings the lab's
     * (no idle cap below the connection cap, as on the other servers), with stock settings whatever the JVM was given
     * (the JDK's defaults unless {@code -Dsun.net.httpserver...}).
     *
     * @throws IllegalStateException when this JVM already runs with other limits, or a property given on the command
     *     line contradicts the lab's
     */
    static synchronized JdkServerConfig forJvm(ServerSettings settings) {
        JdkServerConfig wanted = settings.labTuned() ? lab(settings) : null;
        if (fixed == null) {
            if (wanted != null) {
                wanted.setProperties();
            }
            fixedMode = settings.mode();
            fixed = read();
            return fixed;
        }
        if (fixedMode != settings.mode() || wanted != null && !wanted.equals(fixed)) {
            throw new IllegalStateException("the JDK HttpServer reads its limits once per JVM; this one runs with "
                    + fixedMode + " settings " + fixed.describe() + ": start " + settings.mode()
                    + " settings in a JVM of their own");
        }
        return fixed;
    }

    static JdkServerConfig lab(ServerSettings settings) {
        // Seconds, rounded up: the JDK takes no finer idle interval.
        long idleSeconds = Math.ceilDiv(settings.idleTimeoutMs(), 1000);
        return new JdkServerConfig(settings.maxConnections(), settings.maxConnections(), idleSeconds);
    }

    private void setProperties() {
        set(MAX_IDLE_CONNECTIONS, maxIdleConnections);
        set(MAX_CONNECTIONS, maxConnections);
        set(IDLE_INTERVAL, idleIntervalSeconds);
    }

    private static void set(String property, long value) {
        String given = System.getProperty(property);
        if (given != null && !given.equals(Long.toString(value))) {
            throw new IllegalStateException("-D" + property + "=" + given + " contradicts the lab's settings (" + value
                    + "): drop it, or use --settings stock to run with the JVM's own");
        }
        System.setProperty(property, Long.toString(value));
    }

    /** The limits as ServerConfig reads them (same properties, same defaults, same fallbacks). */
    static JdkServerConfig read() {
        long idleSeconds = Long.getLong(IDLE_INTERVAL, JDK_DEFAULTS.idleIntervalSeconds);
        return new JdkServerConfig(
                Integer.getInteger(MAX_IDLE_CONNECTIONS, JDK_DEFAULTS.maxIdleConnections),
                Integer.getInteger(MAX_CONNECTIONS, JDK_DEFAULTS.maxConnections),
                idleSeconds > 0 ? idleSeconds : JDK_DEFAULTS.idleIntervalSeconds);
    }

    /** By property name, for the start-up lines and /stats. */
    Map<String, Object> describe() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put(MAX_IDLE_CONNECTIONS, maxIdleConnections);
        properties.put(MAX_CONNECTIONS, maxConnections);
        properties.put(IDLE_INTERVAL, idleIntervalSeconds);
        return properties;
    }
}
