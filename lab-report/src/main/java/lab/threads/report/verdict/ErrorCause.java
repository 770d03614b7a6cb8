package lab.threads.report.verdict;

import java.util.Locale;

/** Why a sample failed and which side said so, kept in summary.json as its {@link #key()}. */
public record ErrorCause(Side side, String cause) {

    /** Who failed the request: the server, the client, the machine both share, or the plan's assertion. */
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
