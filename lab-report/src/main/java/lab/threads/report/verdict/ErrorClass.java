package lab.threads.report.verdict;

import java.util.Locale;
import java.util.Map;
import lab.threads.model.samples.Sample;

/** What kind of failure a sample was, and the side and limit it points to: the limits hit, not exception names. */
public enum ErrorClass {
    /** Nothing listened on the port: the kernel answered the SYN with RST. */
    CONNECTION_REFUSED(
            "connection refused",
            ErrorCause.Side.SERVER,
            "no listener on the port: the server stopped, died or closed its listener"),
    /** No SYN-ACK within the client's connect timeout: on loopback, the listener's accept queue was full. */
    CONNECT_TIMEOUT(
            "connect timeout",
            ErrorCause.Side.SERVER,
            "the accept queue was full (listen backlog, capped by net.core.somaxconn): the kernel dropped the SYNs"),
    /** The server's end sent RST on an open connection. */
    RESET("connection reset", ErrorCause.Side.SERVER, "the server aborted the connection (RST): a cap or a crash"),
    /** The request was sent and no answer came within the client's response timeout. */
    READ_TIMEOUT(
            "read timeout",
            ErrorCause.Side.CLIENT,
            "the client's response timeout (--response-timeout-ms): the server answered later, or never"),
    /** The server closed the connection before the first byte of an answer. */
    CLOSED_WITHOUT_ANSWER(
            "closed without an answer",
            ErrorCause.Side.SERVER,
            "the server closed the connection unanswered: an idle or connection cap, or a stop"),
    /** The server answered 5xx; its cause, when the body named one, is kept beside the class. */
    HTTP_5XX("HTTP 5xx", ErrorCause.Side.SERVER, "the server's own limit, named by the cause in its answer"),
    /** The client's process had no descriptor left for a socket. */
    CLIENT_DESCRIPTORS(
            "client out of descriptors",
            ErrorCause.Side.CLIENT,
            "the client process's open-files limit (ulimit -n): split it (--client-processes)"),
    /** No local port or address was free for the connect. */
    NO_LOCAL_PORT(
            "no local port",
            ErrorCause.Side.MACHINE,
            "the machine's ephemeral ports (net.ipv4.ip_local_port_range): --source-address per-user"),
    /** Anything else: a 4xx, a plan's assertion, an exception of no class above. */
    OTHER("other", ErrorCause.Side.OTHER, "see the error's own text under errors by cause");

    /** What a 5xx's cause points to, for the causes the lab's servers name. */
    private static final Map<String, String> CAUSE_LIMITS = Map.of(
            "db_pool_timeout", "the database pool (--db-pool): no connection came free in --db-pool-timeout-ms",
            "http_pool_timeout", "the downstream pool (--http-pool): no connection came free in its timeout",
            "db_unavailable", "the database: down, refusing or dropping connections",
            "downstream_unavailable", "the downstream: refusing or breaking connections",
            "server_stopping", "the server's stop: requests still queued for a pooled connection",
            "interrupted", "the server's stop: the sleep was interrupted",
            "thread_unavailable", "the machine's threads: no thread could be started (ulimit -u, kernel.pid_max)",
            "wait_failed", "the wait itself failed (see server.log)");

    private final String label;
    private final ErrorCause.Side side;
    private final String limit;

    ErrorClass(String label, ErrorCause.Side side, String limit) {
        this.label = label;
        this.side = side;
        this.limit = limit;
    }

    public String label() {
        return label;
    }

    public ErrorCause.Side side() {
        return side;
    }

    public String limit() {
        return limit;
    }

    public static ErrorClass of(Sample sample) {
        return of(sample.responseCode(), sample.responseMessage());
    }

    /** The class of a cause as the errors by cause keep it ({@link ErrorCause#parse}), the side aside. */
    public static ErrorClass of(ErrorCause cause) {
        if (cause.cause().startsWith("HTTP ")) {
            return of(cause.cause().substring("HTTP ".length()), "");
        }
        if (cause.side() != ErrorCause.Side.CLIENT) {
            return OTHER;
        }
        int colon = cause.cause().indexOf(": ");
        return colon < 0
                ? of(ErrorCauses.CLIENT_PREFIX + cause.cause(), "")
                : of(
                        ErrorCauses.CLIENT_PREFIX + cause.cause().substring(0, colon),
                        cause.cause().substring(colon + 2));
    }

    /** The class of a failure from its response code and message as the client wrote them. */
    public static ErrorClass of(String responseCode, String responseMessage) {
        if (responseCode.matches("5\\d\\d")) {
            return HTTP_5XX;
        }
        if (!responseCode.startsWith(ErrorCauses.CLIENT_PREFIX)) {
            return OTHER;
        }
        String exception = responseCode.substring(ErrorCauses.CLIENT_PREFIX.length());
        String text = (exception + " " + responseMessage).toLowerCase(Locale.ROOT);
        if (text.contains("too many open files")) {
            return CLIENT_DESCRIPTORS;
        }
        if (text.contains("cannot assign requested address")) {
            return NO_LOCAL_PORT;
        }
        if (text.contains("connection refused")) {
            return CONNECTION_REFUSED;
        }
        if (exception.endsWith("ConnectTimeoutException") || text.contains("connect timed out")) {
            return CONNECT_TIMEOUT;
        }
        if (text.contains("connection reset") || text.contains("broken pipe")) {
            return RESET;
        }
        if (exception.endsWith("SocketTimeoutException")) {
            return READ_TIMEOUT;
        }
        if (exception.endsWith("NoHttpResponseException")
                || exception.endsWith("ConnectionClosedException")
                || text.contains("failed to respond")) {
            return CLOSED_WITHOUT_ANSWER;
        }
        return OTHER;
    }

    /** The limit this class points to; a 5xx's by the cause its answer named. */
    public String limit(String serverCause) {
        return this != HTTP_5XX
                ? limit
                : serverCause == null
                        ? "the framework's own answer, no cause named (see server.log)"
                        : CAUSE_LIMITS.getOrDefault(serverCause, "the server's cause " + serverCause);
    }
}
