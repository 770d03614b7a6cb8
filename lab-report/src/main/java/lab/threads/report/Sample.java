package lab.threads.report;

/**
 * One row of a JMeter CSV results file: only the columns the report uses.
 *
 * @param timeStamp  when the sample started, epoch ms (JMeter's default {@code sampleresult.timestamp.start=true})
 * @param responseMessage JMeter's text for the code; for a client-side failure, the exception's message
 * @param allThreads users active in all thread groups when the sample ended
 */
public record Sample(long timeStamp, long elapsed, String responseCode, String responseMessage, boolean success,
                     long bytes, long sentBytes, int allThreads) {

    public long endTime() {
        return timeStamp + elapsed;
    }
}
