package lab.threads.common;

import java.util.Locale;

/**
 * What an adapter read of a request before the contract decides it: the request line as sent and the size of the header
 * section; {@link HttpLimits} checks alike what the frameworks do not.
 *
 * @param method the method token, upper-cased, as Helidon folds it before any handler sees it
 * @param target the request-target as sent (origin-form or absolute-form), without the query
 * @param rawQuery the query without {@code ?}, undecoded; null or empty when there is none
 * @param firstOnConnection the first request on its connection (it came through the accept queue)
 * @param waitingSinceNanos when it began to wait to be read ({@link ConnectionClock#nextRequest}): the accept or the
 *     previous response's end; 0 where the framework shows neither
 */
public record RequestHead(
        String method,
        String target,
        String rawQuery,
        String protocol,
        HeaderSection headers,
        boolean firstOnConnection,
        long waitingSinceNanos) {

    public RequestHead {
        method = method.toUpperCase(Locale.ROOT);
    }

    /** A head without the instant it began to wait: for an adapter that keeps no {@link ConnectionClock}. */
    public RequestHead(
            String method,
            String target,
            String rawQuery,
            String protocol,
            HeaderSection headers,
            boolean firstOnConnection) {
        this(method, target, rawQuery, protocol, headers, firstOnConnection, 0);
    }

    /** Bytes of the request line without its CRLF: method, target, query, version and the two spaces. */
    public int requestLineBytes() {
        int query = rawQuery == null || rawQuery.isEmpty() ? 0 : 1 + rawQuery.length();
        return method.length() + 1 + target.length() + query + 1 + protocol.length();
    }

    /** The path of the target: absolute-form ({@code http://host:port/sleep}, RFC 9112 section 3.2.2) loses its scheme and authority. */
    public String path() {
        int scheme = target.indexOf("://");
        if (scheme <= 0 || target.charAt(0) == '/') {
            return target;
        }
        int slash = target.indexOf('/', scheme + 3);
        return slash < 0 ? "/" : target.substring(slash);
    }
}
