package lab.threads.report.verdict;

import java.util.Locale;

/**
 * Why a sample failed, and which side said so. Kept in summary.json as its {@link #key()} ("client:
 * java.net.SocketException: Too many open files"), the key of the errors-by-cause map.
 *
 * @param cause what it said: "HTTP 503", or the client's exception with its message
 */
public record ErrorCause(Side side, String cause) {

    /**
     * The server answered with an error status; the client gave up or failed; the machine both share ran out (its
     * ports); the plan's assertion failed it.
     */
    public enum Side {
        SERVER,
        CLIENT,
        MACHINE,
        ASSERTION,
        OTHER;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The cause back from its key; a key of no known side is {@link Side#OTHER}'s. */
    public static ErrorCause parse(String key) {
        int colon = key.indexOf(": ");
        for (Side side : Side.values()) {
            if (colon > 0 && key.substring(0, colon).equals(side.label())) {
                return new ErrorCause(side, key.substring(colon + 2));
            }
        }
        return new ErrorCause(Side.OTHER, key);
    }

    String key() {
        return side.label() + ": " + cause;
    }
}
