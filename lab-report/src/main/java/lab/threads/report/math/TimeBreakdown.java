package lab.threads.report.math;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import lab.threads.report.page.Cells;

/**
 * Where the time of a server's requests went, measured per request at both ends and joined ({@link RequestTimeline}):
 * the mean of each {@link RequestPart} over the median requests (the middle tenth by JMeter's elapsed) and over the
 * slowest 1%. Within a band the parts add up to its mean elapsed.
 *
 * @param joined              samples joined with the server's record of the same request
 * @param withoutId           samples whose URL carried no {@code rid} (a plan that does not send one)
 * @param withoutServerRecord samples the server has no record of: it never wrote their response (never sent, never
 *                            accepted, or still queued when it stopped)
 * @param ambiguous           samples whose id the server saw more than once within the sample's times (JMeter workers
 *                            each count from 1): not joined
 */
// The verdict and the part it names go into summary.json for its readers; read back, they are derived again.
@JsonIgnoreProperties(
        value = {"verdict", "bottleneck"},
        allowGetters = true)
public record TimeBreakdown(
        long joined,
        long withoutId,
        long withoutServerRecord,
        long ambiguous,
        Band median,
        Band slowest,
        long sleepMs) {

    /** No request log: the server was not started by the lab, or an older run. */
    public static final TimeBreakdown NONE = new TimeBreakdown(0, 0, 0, 0, null, null, 0);
    /** A part must take this share of the slowest requests' elapsed, beyond what the plan asked, to be named. */
    static final double NAMED_SHARE = 0.10;

    /**
     * @param requests  how many requests the band holds
     * @param elapsedMs their mean JMeter elapsed
     * @param partsMs   the mean of each part, in {@link RequestPart} order; they add up to {@code elapsedMs}
     * @param clampedMs the mean amount by which instants out of order were moved: what no measurement explains
     */
    public record Band(int requests, double elapsedMs, double[] partsMs, double clampedMs) {

        public double ms(RequestPart part) {
            return partsMs[part.ordinal()];
        }

        /** The parts that took 1% of the elapsed or more, largest first: "accept queue 28.3 s, handler 6.1 s, client 40 ms". */
        String words() {
            return Arrays.stream(RequestPart.values())
                    .filter(part -> ms(part) >= elapsedMs / 100)
                    .sorted(Comparator.comparingDouble(this::ms).reversed())
                    .map(part -> part.label() + " " + duration(ms(part)))
                    .reduce((a, b) -> a + ", " + b)
                    .orElse("");
        }
    }

    /** Seconds with one decimal from 1 s up, whole ms below. */
    static String duration(double ms) {
        return ms >= 1000 ? String.format(Locale.ROOT, "%.1f s", ms / 1000) : Math.round(ms) + " ms";
    }

    public boolean present() {
        return joined > 0;
    }

    /**
     * The part that held the slowest 1% back: the largest one beyond what the plan asked for (the handler counts only
     * past the sleep), or null when none took {@value #NAMED_SHARE} of their elapsed (they took about the sleep).
     */
    @JsonProperty("bottleneck")
    public RequestPart bottleneck() {
        if (!present()) {
            return null;
        }
        RequestPart worst = null;
        double worstMs = 0;
        for (RequestPart part : RequestPart.values()) {
            double beyond = excessMs(part);
            if (beyond > worstMs) {
                worst = part;
                worstMs = beyond;
            }
        }
        return worstMs >= NAMED_SHARE * slowest.elapsedMs() ? worst : null;
    }

    /** The slowest 1%'s mean time in {@code part} beyond what the plan asked for. */
    public double excessMs(RequestPart part) {
        double ms = slowest.ms(part);
        return part == RequestPart.HANDLER ? Math.max(0, ms - sleepMs) : ms;
    }

    /** The verdict on the time, one word and its seconds: "accept queue (28.3 s of 44.4 s)". */
    @JsonProperty("verdict")
    public String verdict() {
        if (!present()) {
            return "unknown";
        }
        RequestPart part = bottleneck();
        return part == null
                ? "the sleep (" + duration(slowest.elapsedMs()) + ")"
                : part.label() + " (" + duration(slowest.ms(part)) + " of " + duration(slowest.elapsedMs()) + ")";
    }

    /** The finding for the verdict's evidence: both bands in seconds, and what was not joined. */
    public String finding() {
        List<String> unjoined = new ArrayList<>();
        if (withoutServerRecord > 0) {
            unjoined.add(Cells.count(withoutServerRecord)
                    + " sample(s) the server never answered (not sent, not accepted, or "
                    + "still queued when it stopped)");
        }
        if (withoutId > 0) {
            unjoined.add(Cells.count(withoutId) + " without a request id");
        }
        if (ambiguous > 0) {
            unjoined.add(Cells.count(ambiguous) + " whose id the server saw twice at the time");
        }
        return String.format(
                Locale.ROOT,
                "where the time went: the slowest 1%% (%s requests, %s on average): %s; the median "
                        + "request (%s): %s. Measured per request at both ends and joined (%s requests%s)",
                Cells.count(slowest.requests()),
                duration(slowest.elapsedMs()),
                slowest.words(),
                duration(median.elapsedMs()),
                median.words(),
                Cells.count(joined),
                unjoined.isEmpty() ? "" : "; not joined: " + String.join(", ", unjoined));
    }
}
