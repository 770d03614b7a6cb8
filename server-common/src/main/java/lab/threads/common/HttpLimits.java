package lab.threads.common;

import java.util.Optional;
import java.util.Set;

/**
 * The HTTP limits every server keeps, the same numbers and status codes whatever its framework: set where the framework
 * has the setting, checked here otherwise.
 */
public final class HttpLimits {
    /** Request line without CRLF: this long or longer is refused with 414 (Helidon's maxPrologueLength). */
    public static final int MAX_REQUEST_LINE_BYTES = 4096;
    /** Header section (every header line with its CRLF): longer is refused with 400 (Helidon's maxHeadersSize). */
    public static final int MAX_HEADER_BYTES = 16384;
    /** Header lines: more are refused with 400 (Undertow's MAX_HEADERS). */
    public static final int MAX_HEADERS = 100;

    public static final String HTTP_1_1 = "HTTP/1.1";
    public static final String HTTP_1_0 = "HTTP/1.0";
    /** RFC 9110's methods and PATCH, matched without case (see {@link RequestHead#method()}); any other token is 501. */
    static final Set<String> KNOWN_METHODS =
            Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");

    /** ASCII characters RFC 3986 allows in a request-target only percent-encoded. */
    private static final String UNESCAPED = "\"<>\\^`{|}";

    private HttpLimits() {}

    /** The refusal of a request outside the limits, or empty when the contract may route it. */
    static Optional<Reply> refusal(RequestHead head) {
        if (head.requestLineBytes() >= MAX_REQUEST_LINE_BYTES) {
            return Optional.of(SleepContract.error(
                    414,
                    "uri_too_long",
                    "The request line has " + head.requestLineBytes() + " bytes; this server reads fewer than "
                            + MAX_REQUEST_LINE_BYTES + "."));
        }
        if (!isAscii(head.target()) || head.rawQuery() != null && !isAscii(head.rawQuery())) {
            // RFC 9112 3.2: the target is ASCII; Undertow refuses other bytes with 400, Helidon routes them (404).
            return Optional.of(SleepContract.error(
                    400,
                    "bad_request",
                    "The request target has bytes outside US-ASCII; "
                            + "percent-encode them (RFC 3986), e.g. /sl%C3%A9ep for /sléep."));
        }
        if (!HTTP_1_1.equals(head.protocol())) {
            return Optional.of(
                    HTTP_1_0.equals(head.protocol())
                            ? SleepContract.error(
                                    505, "http_version_not_supported", "HTTP/1.0 is not supported; use HTTP/1.1.")
                            : SleepContract.error(
                                    400,
                                    "bad_request",
                                    "Unknown HTTP version '" + head.protocol() + "'; use HTTP/1.1."));
        }
        if (hasUnescaped(head.target()) || head.rawQuery() != null && hasUnescaped(head.rawQuery())) {
            // RFC 3986 2.2/3.4: Undertow's, Helidon's and Tomcat's parsers refuse these with 400; Jetty's passes them.
            return Optional.of(SleepContract.error(
                    400,
                    "bad_request",
                    "The request target has a character that must be percent-encoded (one of " + UNESCAPED
                            + "), e.g. %3C for <."));
        }
        HeaderSection headers = head.headers();
        if (headers.hostLines() != 1) {
            // Undertow and Helidon refuse this themselves; the JDK HttpServer routes it (docs/servers.md).
            return Optional.of(SleepContract.error(
                    400,
                    "bad_request",
                    "The request has " + headers.hostLines()
                            + " Host headers; HTTP/1.1 needs exactly one (RFC 9112 section 3.2)."));
        }
        if (headers.lines() > MAX_HEADERS || headers.bytes() > MAX_HEADER_BYTES) {
            return Optional.of(SleepContract.error(
                    400,
                    "bad_request",
                    "The header section has " + headers.lines() + " lines and " + headers.bytes() + " bytes; at most "
                            + MAX_HEADERS + " lines and " + MAX_HEADER_BYTES + " bytes."));
        }
        if (!KNOWN_METHODS.contains(head.method())) {
            return Optional.of(SleepContract.error(
                    501, "not_implemented", "Method '" + head.method() + "' is not implemented. Use GET."));
        }
        return Optional.empty();
    }

    private static boolean hasUnescaped(String text) {
        return text.chars().anyMatch(c -> UNESCAPED.indexOf(c) >= 0);
    }

    private static boolean isAscii(String text) {
        return text.chars().allMatch(c -> c < 0x80);
    }
}
