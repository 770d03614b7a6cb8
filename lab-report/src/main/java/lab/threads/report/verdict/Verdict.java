package lab.threads.report.verdict;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** Whose figures a turn gave, as {@link TurnWord} decides: the one word every report and check uses. */
public enum Verdict {
    CLIENT_BOUND("client-bound"),
    NO_CLIENT_LIMIT("no client limit seen"),
    /** Every core busy for much of the load and the server short of them: the figures are the shared machine's. */
    MACHINE_BOUND("machine-bound"),
    /** Within the near band of machine-bound's lines: a repeat may fall either side of them. */
    NEAR_MACHINE_BOUND("near machine-bound"),
    /** Steal or other programs took a part of the machine: the figures are partly theirs. */
    DISTURBED("disturbed"),
    /** No server-side record to judge the client against. */
    UNKNOWN("unknown");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** The figures are not the server's alone to judge: the checks call them inconclusive. */
    public boolean heldBack() {
        return this == CLIENT_BOUND || this == MACHINE_BOUND || this == NEAR_MACHINE_BOUND || this == DISTURBED;
    }

    @JsonValue
    public String label() {
        return label;
    }

    @JsonCreator
    public static Verdict of(String label) {
        return Arrays.stream(values())
                .filter(verdict -> verdict.label.equals(label))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no client verdict '" + label + "'"));
    }

    @Override
    public String toString() {
        return label;
    }
}
