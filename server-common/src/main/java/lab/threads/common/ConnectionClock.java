package lab.threads.common;

/**
 * One connection's own instants, kept by the adapter: its accept and its last response's end. Each request read on it
 * begins its wait at one of them; the adapter builds each {@link RequestHead} with {@link #nextRequest}. Requests are
 * read one at a time; the response's end may be stamped by another thread, hence volatile.
 */
public final class ConnectionClock {
    private final long acceptedNanos;
    private volatile long respondedNanos;
    private int requests;

    private ConnectionClock(long acceptedNanos) {
        this.acceptedNanos = acceptedNanos;
    }

    /** A connection accepted at {@code acceptedNanos} ({@link System#nanoTime()}, taken right after {@code accept()}). */
    public static ConnectionClock acceptedAt(long acceptedNanos) {
        return new ConnectionClock(acceptedNanos);
    }

    /** A connection whose accept the framework did not show: its first wait stays merged with the accept queue. */
    public static ConnectionClock acceptUnknown() {
        return new ConnectionClock(0);
    }

    /** The head of the next request read on this connection, with its place on it and when it began to wait. */
    public RequestHead nextRequest(
            String method, String target, String rawQuery, String protocol, HeaderSection headers) {
        boolean first = requests++ == 0;
        long waitingSince = first ? acceptedNanos : respondedNanos;
        return new RequestHead(method, target, rawQuery, protocol, headers, first, waitingSince);
    }

    /** The last byte of a response on this connection was handed to the socket at {@code nanos}. */
    public void responded(long nanos) {
        respondedNanos = nanos;
    }
}
