package lab.threads.runner.guest;

import java.util.Optional;

/**
 * What makes a guest's answer a success, as JMeter's response assertion decides it.
 *
 * @param status the status that counts as success ({@code --expect-status})
 * @param body a substring the body must hold ({@code --expect-body}); null when any body will do
 */
public record Expected(int status, String body) {

    /** JMeter's success without an assertion: the status below 400. */
    public static final int DEFAULT_STATUS = 200;

    public Expected {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException(
                    "--expect-status " + status + " is no HTTP status: give one from 100 to 599, e.g. 200.");
        }
        if (body != null && body.isEmpty()) {
            body = null;
        }
    }

    /** What is wrong with an answer, in words ("answered HTTP 404, not 200"); empty when it is what was expected. */
    public Optional<String> mismatch(int answeredStatus, String answeredBody) {
        if (answeredStatus != status) {
            return Optional.of("answered HTTP " + answeredStatus + ", not " + status);
        }
        if (body != null && (answeredBody == null || !answeredBody.contains(body))) {
            return Optional.of("answered HTTP " + answeredStatus + " without \"" + body + "\" in its body");
        }
        return Optional.empty();
    }

    /** The expectation in words, for the run's lines: {@code HTTP 200} or {@code HTTP 200 with "ok" in the body}. */
    public String describe() {
        return "HTTP " + status + (body == null ? "" : " with \"" + body + "\" in the body");
    }
}
