package lab.threads.report.verdict;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import lab.threads.model.samples.Sample;
import lab.threads.report.math.TimeBreakdown;

/** Counts failed samples by cause, labelled with the side that failed: telling them apart is the lab's point. */
public final class ErrorCauses implements Consumer<Sample> {

    public static final String CLIENT_PREFIX = "Non HTTP response code: ";
    public static final String CLIENT_MESSAGE_PREFIX = "Non HTTP response message: ";

    private final Map<String, Long> counts = new HashMap<>();

    @Override
    public void accept(Sample sample) {
        if (!sample.success()) {
            counts.merge(causeOf(sample.responseCode(), sample.responseMessage()), 1L, Long::sum);
        }
    }

    /** Most frequent cause first, so the table shows what matters. */
    public Map<String, Long> byCount() {
        return TimeBreakdown.mostFirst(counts);
    }

    /** The cause of a failed sample, in the words of the report's errors by cause. */
    public static String causeOf(Sample sample) {
        return causeOf(sample.responseCode(), sample.responseMessage());
    }

    /** Client causes keep the exception's message: "SocketException" alone hides "Too many open files". */
    static String causeOf(String responseCode, String responseMessage) {
        if (responseCode.startsWith(CLIENT_PREFIX)) {
            String message = responseMessage.startsWith(CLIENT_MESSAGE_PREFIX)
                    ? responseMessage.substring(CLIENT_MESSAGE_PREFIX.length())
                    : responseMessage;
            return new ErrorCause(
                            ErrorCause.Side.CLIENT,
                            responseCode.substring(CLIENT_PREFIX.length()) + (message.isBlank() ? "" : ": " + message))
                    .key();
        }
        if (responseCode.matches("\\d{3}")) {
            // A failed 2xx/3xx was judged by an assertion in the plan, not by the server.
            return new ErrorCause(
                            Integer.parseInt(responseCode) >= 400 ? ErrorCause.Side.SERVER : ErrorCause.Side.ASSERTION,
                            "HTTP " + responseCode)
                    .key();
        }
        return new ErrorCause(ErrorCause.Side.OTHER, responseCode.isBlank() ? "no response code" : responseCode).key();
    }

    /** One line for a table cell: {@code server: HTTP 503 x 12; client: ... x 3}, or a dash when there are none. */
    public static String describe(Map<String, Long> byCause) {
        return byCause.isEmpty()
                ? "-"
                : byCause.entrySet().stream()
                        .map(entry -> entry.getKey() + " x " + entry.getValue())
                        .collect(Collectors.joining("; "));
    }
}
