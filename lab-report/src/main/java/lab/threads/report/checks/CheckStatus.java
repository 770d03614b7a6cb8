package lab.threads.report.checks;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collection;

/** A check's result for one server: the figure within its bound, beyond it, or not the server's to judge. */
public enum CheckStatus {
    PASSED("passed"),
    BREACHED("breached"),
    /** The figure is not the server's (the client or the machine set it), or there is none to judge. */
    INCONCLUSIVE("inconclusive");

    /** The exit codes of a run or a comparison with checks, beside 1 (the run failed) and 2 (bad input). */
    public static final int EXIT_PASSED = 0;

    public static final int EXIT_BREACHED = 3;
    public static final int EXIT_INCONCLUSIVE = 4;

    private final String word;

    CheckStatus(String word) {
        this.word = word;
    }

    @JsonValue
    public String word() {
        return word;
    }

    /** 3 when any check breached, else 4 when any was inconclusive, else 0. */
    public static int exitCode(Collection<CheckStatus> statuses) {
        return statuses.contains(BREACHED)
                ? EXIT_BREACHED
                : statuses.contains(INCONCLUSIVE) ? EXIT_INCONCLUSIVE : EXIT_PASSED;
    }
}
