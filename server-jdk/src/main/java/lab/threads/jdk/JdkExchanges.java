package lab.threads.jdk;

import com.sun.net.httpserver.HttpExchange;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * What the JDK HttpServer knows of an exchange but its API does not tell, read from its implementation (JDK 25:
 * {@code HttpExchangeImpl.impl}, then {@code ExchangeImpl.connection} and {@code ExchangeImpl.req.startLine}), whose
 * package the jars and the tests open ({@code Add-Opens: jdk.httpserver/sun.net.httpserver}):
 *
 * <ul>
 *   <li>the connection, to tell a connection's first request from the next ones (the request log's
 *       {@code firstOnConnection}): the client's address cannot tell a kept-alive connection from a new one on a
 *       reused port, which the talk plan's reconnects make common;
 *   <li>the request line as sent: {@code getProtocol()} is its last word, so {@code GET /sleep x HTTP/1.1} would pass
 *       as HTTP/1.1 where the other servers refuse it.
 * </ul>
 *
 * <p>Used on the server's one dispatcher thread only (no executor is set), so the map needs no lock; its keys are
 * weak: a closed connection leaves it with the JDK's own object.
 */
final class JdkExchanges {
    private final Field impl = field("sun.net.httpserver.HttpExchangeImpl", "impl");
    private final Field connection = field("sun.net.httpserver.ExchangeImpl", "connection");
    private final Field request = field("sun.net.httpserver.ExchangeImpl", "req");
    private final Field startLine = field("sun.net.httpserver.Request", "startLine");
    private final Map<Object, Boolean> seen = new WeakHashMap<>();

    /** @throws IllegalStateException when the JDK's package is not open to this code, saying how to open it */
    JdkExchanges() {}

    /** Whether {@code exchange} is the first request read on its connection; marks the connection as seen. */
    boolean firstOnConnection(HttpExchange exchange) {
        return seen.put(read(connection, read(impl, exchange)), Boolean.TRUE) == null;
    }

    /** The request line as the client sent it (the JDK has checked that it has two spaces). */
    String requestLine(HttpExchange exchange) {
        return (String) read(startLine, read(request, read(impl, exchange)));
    }

    private static Object read(Field field, Object from) {
        try {
            return field.get(from);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Field field(String className, String name) {
        try {
            Field field = Class.forName(className).getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException(
                    "cannot read " + className + "." + name + " (" + e.getMessage() + "): run with "
                            + "--add-opens jdk.httpserver/sun.net.httpserver=ALL-UNNAMED (the server jars' manifest "
                            + "says so); on another JDK than 25 the field may have moved",
                    e);
        }
    }
}
