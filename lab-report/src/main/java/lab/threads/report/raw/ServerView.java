package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.run.RunFolder;
import org.HdrHistogram.Histogram;

/**
 * The server's own latency of its {@code /sleep} requests during the run (/stats' cumulative {@code serverTiming}
 * histogram): the last snapshot minus the last one taken before the client's first recorded request, so earlier traffic
 * and a client's unrecorded warm-up are left out, to within a second.
 */
public record ServerView(
        long count, double p50Ms, double p90Ms, double p99Ms, double p999Ms, double maxMs, String from, String to) {

    /**
     * @param firstStartMs when the client's first recorded request started; null: the window starts at the first
     *                     snapshot
     * @return null when no snapshot carried a histogram
     */
    public static ServerView read(Path statsJsonl, Long firstStartMs, List<String> notes) {
        List<JsonNode> ends = new ArrayList<>(2);
        JsonLinesFile.read(
                statsJsonl,
                RunFolder.NO_SERVER_FIGURES,
                snapshot -> {
                    JsonNode timing = snapshot.path("serverTiming");
                    if (timing.hasNonNull("histogram")) {
                        boolean beforeFirstRequest = firstStartMs != null
                                && snapshot.path("sampledAtMs").isNumber()
                                && snapshot.get("sampledAtMs").asLong() <= firstStartMs;
                        // The window's start is the last snapshot before the first request; its end the last.
                        if (!ends.isEmpty() && (beforeFirstRequest || ends.size() == 2)) {
                            ends.set(beforeFirstRequest ? 0 : 1, timing);
                        } else {
                            ends.add(timing);
                        }
                    }
                },
                new ArrayList<>()); // problems with the file itself are noted once, by ServerStatsPeaks
        if (ends.isEmpty()) {
            if (Files.exists(statsJsonl)) {
                notes.add(statsJsonl.getFileName() + " has no serverTiming: no server-side latency for this run");
            }
            return null;
        }
        try {
            return between(ends.size() == 2 ? ends.getFirst() : null, ends.getLast());
        } catch (DataFormatException | IllegalArgumentException e) {
            notes.add(statsJsonl.getFileName() + ": serverTiming histogram unreadable (" + e
                    + "): no server-side latency");
            return null;
        }
    }

    /**
     * What the server timed between two {@code serverTiming} answers: the later histogram minus the earlier one (null:
     * from the server's start).
     *
     * @throws DataFormatException when a histogram cannot be decoded
     */
    public static ServerView between(JsonNode before, JsonNode after) throws DataFormatException {
        Histogram window = decode(after);
        if (before != null) {
            window.subtract(decode(before));
        }
        return new ServerView(
                window.getTotalCount(),
                ms(window.getValueAtPercentile(50)),
                ms(window.getValueAtPercentile(90)),
                ms(window.getValueAtPercentile(99)),
                ms(window.getValueAtPercentile(99.9)),
                ms(window.getMaxValue()),
                after.path("from").asText(""),
                after.path("to").asText(""));
    }

    private static Histogram decode(JsonNode timing) throws DataFormatException {
        byte[] bytes = Base64.getDecoder().decode(timing.get("histogram").asText());
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    }

    /** Recorded in microseconds; shown in ms with the histogram's own precision (3 significant digits). */
    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
