package lab.threads.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import lab.threads.model.client.LoadClient;

/**
 * How one server's turn in a run ended, and why in words. summary.json keeps the words alone, as it always has; the
 * kind is read back from how they begin.
 *
 * @param words what happened, e.g. "ok", "server died mid-run (exit 137): see ...", "every request failed: ..."
 */
public record RunOutcome(Kind kind, String words) {

    /** The ways a server's turn ends; each but OK makes the run's exit code 1. */
    public enum Kind {
        OK("ok"),
        /** The server never took load: its jar missing, or it did not start. */
        NOT_RUN("not run: ", "failed to start: "),
        /** The plan ran to its end and not one request succeeded. */
        EVERY_REQUEST_FAILED("every request failed: "),
        SERVER_DIED("server died mid-run"),
        /** JMeter ran the plan to its end but could not write its dashboard (exit 3; a full disk, say). */
        NO_DASHBOARD("JMeter ended with exit code 3:"),
        /** The client's fork ended with an error; worded with its {@link LoadClient#label()}, as the runner words it. */
        CLIENT_FAILED(clientsEnded()),
        RUNNER_FAILED("runner failed: "),
        INTERRUPTED("interrupted");

        private final List<String> beginnings;

        Kind(String... beginnings) {
            this.beginnings = List.of(beginnings);
        }

        private static String[] clientsEnded() {
            return Arrays.stream(LoadClient.values())
                    .map(client -> client.label() + " ended with exit code ")
                    .toArray(String[]::new);
        }
    }

    public static final RunOutcome OK = new RunOutcome(Kind.OK, "ok");

    /** @param why words that begin as the kind's do, e.g. "failed to start: ..." for NOT_RUN */
    public static RunOutcome of(Kind kind, String why) {
        return new RunOutcome(kind, why);
    }

    /** The kind the words begin with; words from no known kind (a summary.json of another version) count as failed. */
    @JsonCreator
    public static RunOutcome fromWords(String words) {
        for (Kind kind : Kind.values()) {
            if (kind.beginnings.stream().anyMatch(words::startsWith)) {
                return new RunOutcome(kind, words);
            }
        }
        return new RunOutcome(Kind.RUNNER_FAILED, words);
    }

    public boolean ok() {
        return kind == Kind.OK;
    }

    /** The plan did not run to its end: the server or the client died, the runner failed or stopped. */
    public boolean endedEarly() {
        return switch (kind) {
            case SERVER_DIED, CLIENT_FAILED, RUNNER_FAILED, INTERRUPTED -> true;
            case OK, NOT_RUN, EVERY_REQUEST_FAILED, NO_DASHBOARD -> false;
        };
    }

    /** Ctrl-C during the turn: what it would otherwise have been, said after why it ended early. */
    public RunOutcome interrupted() {
        return new RunOutcome(Kind.INTERRUPTED, "interrupted (Ctrl-C): " + words);
    }

    @JsonValue
    @Override
    public String words() {
        return words;
    }

    @Override
    public String toString() {
        return words;
    }
}
