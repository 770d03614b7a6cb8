package lab.threads.model.samples;

/**
 * One row of a JMeter CSV results file: only the columns the report uses.
 *
 * @param timeStamp       when the sample started, epoch ms
 * @param responseMessage JMeter's text for the code; for a client-side failure, the exception's message
 * @param connect         ms from the sample's start to its connection being open, SYN retries included; 0 on a reused
 *                        connection
 * @param requestId       the {@code rid} of the sample's URL, which the server's request log keeps too; null when none
 * @param serverCause     the cause an error answer's body named ({@code db_pool_timeout}); null when none
 */
public record Sample(
        long timeStamp,
        long elapsed,
        String responseCode,
        String responseMessage,
        boolean success,
        long bytes,
        long sentBytes,
        int allThreads,
        long connect,
        String requestId,
        String serverCause) {

    public long endTime() {
        return timeStamp + elapsed;
    }

    /** The {@code rid} parameter of a sample's URL, as the plans send it ({@code /sleep?ms=6000&rid=42}); null when none. */
    public static String requestIdOf(String url) {
        int query = url == null ? -1 : url.indexOf('?');
        if (query < 0) {
            return null;
        }
        for (String pair : url.substring(query + 1).split("&")) {
            if (pair.startsWith("rid=") && pair.length() > 4) {
                return pair.substring(4);
            }
        }
        return null;
    }
}
