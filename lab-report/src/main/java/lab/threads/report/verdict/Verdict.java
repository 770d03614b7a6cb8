package lab.threads.report.verdict;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Whether the client held a server's figures back, as {@link ClientVerdict} decides it; its label is what pages print. */
public enum Verdict {
    CLIENT_BOUND("client-bound"),
    NO_CLIENT_LIMIT("no client limit seen"),
    /**
     * On cores the two sides shared, the client fell behind only while every core was busy and the server took more of
     * them than it: the figures are the shared machine's, not the client's own doing.
     */
    MACHINE_BOUND("machine-bound"),
    /** No server-side record to judge the client against. */
    UNKNOWN("unknown");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    @JsonCreator
    public static Verdict of(String label) {
        for (Verdict verdict : values()) {
            if (verdict.label.equals(label)) {
                return verdict;
            }
        }
        throw new IllegalArgumentException("no client verdict '" + label + "'");
    }

    @Override
    public String toString() {
        return label;
    }
}
