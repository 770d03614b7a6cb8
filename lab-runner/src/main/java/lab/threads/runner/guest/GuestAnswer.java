package lab.threads.runner.guest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import lab.threads.process.OneLineErrors;

/**
 * One GET of a guest's URL as the plan will send and judge it, before any load, so a guest that is down or answers
 * something else is refused rather than measured.
 */
public final class GuestAnswer {
    /** How the problem of a guest that gave no answer at all begins. */
    public static final String NO_ANSWER = "does not answer";

    private GuestAnswer() {}

    /**
     * What was wrong ("does not answer (ConnectException)", "answered HTTP 404, not 200") within {@code wait}, which
     * the guest's own service time must fit; empty when the answer was the expected one.
     */
    public static Optional<String> problem(URI url, Expected expected, Duration wait) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(wait).build();
        try (http) {
            HttpResponse<String> answer = http.send(
                    HttpRequest.newBuilder(url).timeout(wait).GET().build(), HttpResponse.BodyHandlers.ofString());
            return expected.mismatch(answer.statusCode(), answer.body());
        } catch (IOException e) {
            return Optional.of(NO_ANSWER + " (" + OneLineErrors.describe(e) + ")");
        }
    }
}
