package lab.threads.common;

import java.util.Locale;

/**
 * What an adapter read of a request before the contract decides it: the request line as sent and the size of the
 * header section. Frameworks differ in what they check themselves; {@link HttpLimits} checks the rest alike.
 *
 * @param method           the method token, upper-cased: Helidon 4.5 folds its case while parsing ({@code Method.create})
 *                         before any handler or listener sees it, so every server folds it alike
 * @param target           the request-target as sent: origin-form {@code /sleep} or absolute-form {@code http://host/sleep},
 *                         without the query
 * @param rawQuery         the query without {@code ?}, undecoded; null or empty when there is none
 * @param protocol         the HTTP-version token, e.g. {@code HTTP/1.1}
 * @param headers          the header section's lines and bytes
 * @param firstOnConnection the first request on its connection (it came through the accept queue); false for the
 *                         next ones on a keep-alive connection
 * @param waitingSinceNanos when this request began to wait to be read ({@link System#nanoTime()}): the connection's
 *                         accept for its first request, the previous response's end for a keep-alive one; 0 where the
 *                         framework shows neither (then the kernel's accept queue and the read stay one part).
 *                         {@link ConnectionClock#nextRequest} fills it in
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
