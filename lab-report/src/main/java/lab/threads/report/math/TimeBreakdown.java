package lab.threads.report.math;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import lab.threads.model.client.LoadClient;

/**
 * Where the time of a server's requests went ({@link RequestTimeline}): the mean of each {@link RequestPart} over the
 * median requests (the middle tenth by elapsed) and the slowest 1%, for all requests and for first and keep-alive ones
 * apart. Within a band the parts add up to its mean elapsed. Fields an older summary.json lacks read as null or 0.
 *
 * @param withoutServerRecord samples the server has no record of: it never wrote their response
 * @param ambiguous           samples whose id the server saw more than once within their times: not joined
 * @param unansweredByCause   the samples without a server record by cause, most first: beside the slowest 1%, not left
 *                            out
 * @param kernelCheck         the kernel accept queue parts against the area under the Recv-Q; null without the series
 * @param outsideTimes        answered samples whose id the server logged outside their times (a stamp taken late)
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
        long sleepMs,
        Bands first,
        Bands keptAlive,
        Map<String, Long> unansweredByCause,
        Accepts accepts,
        OutOfOrder outOfOrder,
        AcceptQueueCheck kernelCheck,
        long outsideTimes,
        LoadClient client) {

    /** No request log: the server was not started by the lab, or an older run. */
    public static final TimeBreakdown NONE =
            new TimeBreakdown(0, 0, 0, 0, null, null, 0, null, null, Map.of(), null, null, null, 0, LoadClient.UNNAMED);
    /** A part must take this share of the slowest requests' elapsed, beyond what the plan asked, to be named. */
    static final double NAMED_SHARE = 0.10;

    public TimeBreakdown {
        unansweredByCause = unansweredByCause == null ? Map.of() : unansweredByCause;
        client = client == null ? LoadClient.UNNAMED : client;
    }

    /** The median requests and the slowest 1% of one kind. */
    public record Bands(Band median, Band slowest) {}

    /** @param kernelQueueSeconds the stamped first requests' kernel accept queue parts, summed: for Little's law */
    public record Accepts(long firstRequests, long stamped, double kernelQueueSeconds) {}

    /**
     * Instants out of order by more than the client's whole-ms records: a stamp taken late by a thread that waited for
     * a core.
     *
     * @param jmeterLate of them, a server instant before the client's preceding one: the client noted its own late
     * @param serverLate of them, a server instant after the client's end: the server stamped late
     */
    public record OutOfOrder(long requests, double worstMs, Long jmeterLate, Long serverLate) {}

    /**
     * @param partsMs   the mean of each part, in {@link RequestPart} order; they add up to {@code elapsedMs}
     * @param clampedMs the mean amount instants out of order were moved: what no measurement explains
     */
    public record Band(int requests, double elapsedMs, double[] partsMs, double clampedMs) {

        public Band {
            if (partsMs != null && partsMs.length == RequestPart.BEFORE_ACCEPT_STAMP.length) {
                // A summary.json from before the accept stamp: its parts in their old order, its accept queue merged.
                partsMs = inOrder(partsMs, RequestPart.BEFORE_ACCEPT_STAMP);
            } else if (partsMs != null && partsMs.length == RequestPart.BEFORE_POOL_STAMPS.length) {
                // A summary.json from before the pool's stamps: no time in a pool.
                partsMs = inOrder(partsMs, RequestPart.BEFORE_POOL_STAMPS);
            }
        }

        private static double[] inOrder(double[] old, RequestPart[] oldOrder) {
            double[] parts = new double[RequestPart.values().length];
            for (int i = 0; i < old.length; i++) {
                parts[oldOrder[i].ordinal()] = old[i];
            }
            return parts;
        }

        public double ms(RequestPart part) {
            return partsMs[part.ordinal()];
        }

        /** The parts that took 1% of the elapsed or more, largest first: "kernel accept queue 28.3 s, handler 6.1 s". */
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
    public static String duration(double ms) {
        return ms >= 1000 ? String.format(Locale.ROOT, "%.1f s", ms / 1000) : Math.round(ms) + " ms";
    }

    /** Counts by key, the largest first, ties by key: so a table and summary.json list what matters first. */
    public static Map<String, Long> mostFirst(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, Long::sum, LinkedHashMap::new));
    }

    public boolean present() {
        return joined > 0;
    }

    /** The same breakdown checked against the kernel's own count of the accept queue. */
    public TimeBreakdown checkedAgainst(AcceptQueueCheck check) {
        return new TimeBreakdown(
                joined,
                withoutId,
                withoutServerRecord,
                ambiguous,
                median,
                slowest,
                sleepMs,
                first,
                keptAlive,
                unansweredByCause,
                accepts,
                outOfOrder,
                check,
                outsideTimes,
                client);
    }

    /** Whether the first requests' kernel accept queue was measured apart from their read (their accept stamped). */
    public boolean acceptMeasured() {
        return accepts != null && accepts.stamped() > 0;
    }

    /** The part beyond what the plan asked that held the slowest 1% back; null under {@value #NAMED_SHARE} of it. */
    @JsonProperty("bottleneck")
    public RequestPart bottleneck() {
        if (!present()) {
            return null;
        }
        return Arrays.stream(RequestPart.values())
                .filter(part -> excessMs(part) > 0)
                .max(Comparator.comparingDouble(this::excessMs))
                .filter(part -> excessMs(part) >= NAMED_SHARE * slowest.elapsedMs())
                .orElse(null);
    }

    /** The slowest 1%'s mean time in {@code part} beyond what the plan asked for. */
    public double excessMs(RequestPart part) {
        double ms = slowest.ms(part);
        return part == sleptIn() ? Math.max(0, ms - sleepMs) : ms;
    }

    /** Where the asked-for wait is spent: in the pooled call when the requests went through a pool, else the handler. */
    RequestPart sleptIn() {
        return pooled() ? RequestPart.POOLED_CALL : RequestPart.HANDLER;
    }

    /** Whether the requests waited through a pool: any of its parts took time. */
    public boolean pooled() {
        return present()
                && Arrays.stream(RequestPart.values())
                        .filter(RequestPart::pooled)
                        .anyMatch(part -> median.ms(part) > 0 || slowest.ms(part) > 0);
    }

    /** "kernel accept queue (28.3 s of 44.4 s)", then the requests never answered when they outnumber the 1%. */
    @JsonProperty("verdict")
    public String verdict() {
        if (!present()) {
            return "unknown";
        }
        RequestPart part = bottleneck();
        String verdict = part == null
                ? "the sleep (" + duration(slowest.elapsedMs()) + ")"
                : part.label() + " (" + duration(slowest.ms(part)) + " of " + duration(slowest.elapsedMs()) + ")";
        return withoutServerRecord >= slowest.requests() && withoutServerRecord > 0
                ? verdict + "; " + Numbers.count(withoutServerRecord) + " never answered ("
                        + unansweredByCause.keySet().stream().findFirst().orElse("cause not recorded") + ")"
                : verdict;
    }

    /** The finding for the verdict's evidence: the bands in seconds, each kind apart, and what was not joined. */
    public String finding() {
        List<String> unjoined = new ArrayList<>();
        if (withoutServerRecord > 0) {
            unjoined.add(
                    Numbers.count(withoutServerRecord) + " sample(s) the server never answered (" + causes() + ")");
        }
        if (withoutId > 0) {
            unjoined.add(Numbers.count(withoutId) + " without a request id");
        }
        if (ambiguous > 0) {
            unjoined.add(Numbers.count(ambiguous) + " whose id the server saw twice at the time");
        }
        if (outsideTimes > 0) {
            unjoined.add(Numbers.count(outsideTimes)
                    + " answered, whose id the server logged outside the sample's times (a stamp taken late)");
        }
        StringBuilder text = new StringBuilder(String.format(
                Locale.ROOT,
                "where the time went: the slowest 1%% (%s requests, %s on average): %s; the median "
                        + "request (%s): %s",
                Numbers.count(slowest.requests()),
                duration(slowest.elapsedMs()),
                slowest.words(),
                duration(median.elapsedMs()),
                median.words()));
        kind(text, "first requests on their connection", first);
        kind(text, "keep-alive requests", keptAlive);
        text.append(String.format(
                Locale.ROOT,
                ". Measured per request at both ends and joined (%s requests%s)",
                Numbers.count(joined),
                unjoined.isEmpty() ? "" : "; not joined: " + String.join(", ", unjoined)));
        if (!acceptMeasured()) {
            text.append(". No accept was stamped (a run from before the stamp, or a framework that shows none): a first"
                            + " request's kernel accept queue and its wait to be read are one part, \"")
                    .append(RequestPart.QUEUE_AND_READ.label())
                    .append('"');
        }
        if (kernelCheck != null) {
            text.append(". ").append(kernelCheck.words());
        }
        if (outOfOrder != null && outOfOrder.requests() > 0) {
            text.append(String.format(
                    Locale.ROOT,
                    ". %s request(s) had an instant out of order by more than %sat most %s; "
                            + "moved to their neighbour and counted as unexplained): %s with a server instant before "
                            + "%s own (%s noted its connect or start late, waiting for a core), %s with the "
                            + "server's response stamp after %s end (the server's thread waited for a core between "
                            + "its write and its stamp)",
                    Numbers.count(outOfOrder.requests()),
                    clockWords(),
                    duration(outOfOrder.worstMs()),
                    Numbers.count(outOfOrder.jmeterLate()),
                    client.possessive(),
                    client.label(),
                    Numbers.count(outOfOrder.serverLate()),
                    client.possessive()));
        }
        return text.toString();
    }

    /** How far out of order the client's whole-ms records allow an instant to be, up to the opening parenthesis. */
    private String clockWords() {
        return client.endResolutionMs() == RequestTimeline.RESOLUTION_MS
                ? client.possessive() + " 1 ms clock ("
                : String.format(
                        Locale.ROOT,
                        "%s whole-ms records allow (1 ms at the start, %d ms at the end: its start and its elapsed are "
                                + "each cut to the ms; ",
                        client.possessive(),
                        client.endResolutionMs());
    }

    private static void kind(StringBuilder text, String name, Bands bands) {
        if (bands != null) {
            text.append(String.format(
                    Locale.ROOT,
                    "; %s: median (%s) %s, slowest 1%% (%s) %s",
                    name,
                    duration(bands.median().elapsedMs()),
                    bands.median().words(),
                    duration(bands.slowest().elapsedMs()),
                    bands.slowest().words()));
        }
    }

    /** "client: java.net.SocketTimeoutException 45,000, ..." */
    public String causes() {
        return unansweredByCause.isEmpty()
                ? "cause not recorded"
                : unansweredByCause.entrySet().stream()
                        .map(cause -> cause.getKey() + " " + Numbers.count(cause.getValue()))
                        .collect(Collectors.joining(", "));
    }
}
