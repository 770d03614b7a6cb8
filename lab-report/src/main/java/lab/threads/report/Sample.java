package lab.threads.report;

/**
 * One row of a JMeter CSV results file: only the columns the report uses.
 *
 * @param timeStamp  when the sample started, epoch ms (JMeter's default {@code sampleresult.timestamp.start=true})
 * @param responseMessage JMeter's text for the code; for a client-side failure, the exception's message
 * @param allThreads users active in all thread groups when the sample ended
 * @param connectMs  JMeter's Connect: the blocking connect, SYN retransmissions included (HttpClient4; 0 otherwise)
 */
public record Sample(long timeStamp, long elapsed, String responseCode, String responseMessage, boolean success,
                     long bytes, long sentBytes, int allThreads, long connectMs) {

    /** A sample whose connect time was not recorded. */
    public Sample(long timeStamp, long elapsed, String responseCode, String responseMessage, boolean success,
                  long bytes, long sentBytes, int allThreads) {
        this(timeStamp, elapsed, responseCode, responseMessage, success, bytes, sentBytes, allThreads, 0);
    }

    public long endTime() {
        return timeStamp + elapsed;
    }
}
