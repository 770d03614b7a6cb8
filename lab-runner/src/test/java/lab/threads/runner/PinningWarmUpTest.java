package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import lab.threads.report.Reports;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * {@code ./lab pinning}'s server p99 is the probe's requests' alone: its warm-up request, in the server's cumulative
 * histogram since its start, is left out by reading /stats after it and subtracting.
 */
class PinningWarmUpTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theWarmUpIsNotInTheServersP99() {
        // A cold server's first answer, slower than the probe's: counted, it would be the p99 of 21 (nearest rank).
        Histogram timed = new Histogram(3_600_000_000L, 3);
        timed.recordValue(900_000);
        JsonNode afterWarmUp = stats(timed);
        for (int request = 0; request < 20; request++) {
            timed.recordValue(500_000);
        }
        JsonNode atTheEnd = stats(timed);

        Reports.Timed probed = Reports.timedBetween(afterWarmUp, atTheEnd).orElseThrow();

        assertEquals(20, probed.count(), "the probe's 20 requests, not the warm-up");
        assertEquals(500, probed.p99Ms(), 1, "the probe's 500 ms waits");
        assertEquals(900, timed.getValueAtPercentile(99) / 1000.0, 1, "the cumulative p99 is the warm-up's");
    }

    @Test
    void aServerThatTimesNothingHasNoP99() {
        JsonNode none = JSON.valueToTree(Map.of("jdk", "25"));
        assertEquals(Optional.empty(), Reports.timedBetween(none, none));
    }

    /** /stats as a server answers it: its serverTiming's histogram, in microseconds, cumulative. */
    private static JsonNode stats(Histogram cumulative) {
        ByteBuffer buffer = ByteBuffer.allocate(cumulative.getNeededByteBufferCapacity());
        int length = cumulative.encodeIntoCompressedByteBuffer(buffer);
        String histogram = Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
        return JSON.valueToTree(
                Map.of("serverTiming", Map.of("count", cumulative.getTotalCount(), "histogram", histogram)));
    }
}
