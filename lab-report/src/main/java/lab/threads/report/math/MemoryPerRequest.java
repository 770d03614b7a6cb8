package lab.threads.report.math;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import lab.threads.report.raw.MemoryPlateaus;

/**
 * What one held request costs the server in memory, by where it lives: for each part {@code /stats/memory} measured
 * (live heap, virtual threads' stacks, platform threads' stacks, other native memory, resident set, and the resident
 * set none of those covers), the least-squares slope of its bytes against the requests held over a hold plan's
 * plateaus, with its R². A fit is taken per part over the plateaus that measured it, so a part read only some of the
 * time still gets its own line. The check figure's name is {@value #FIGURE}.
 *
 * @param unaccountedShare of the resident set's slope, the share no part accounts for; null without both slopes
 */
public record MemoryPerRequest(int plateaus, int peakHeld, Map<String, PartFit> byPart, Double unaccountedShare) {
    /** The name of the figure for checks and the first screen: the resident set's bytes per held request. */
    public static final String FIGURE = "memory-per-request";

    /** The parts' names in {@code /stats/memory} (server-common's {@code MemoryByPart}) the share is taken from. */
    static final String RSS = "rssBytes";

    static final String RSS_UNACCOUNTED = "rssUnaccountedBytes";

    /**
     * @param rSquared        how well a line fits the part's readings (1: exactly)
     */
    public record PartFit(double bytesPerRequest, double rSquared, int readings) {}

    public MemoryPerRequest {
        byPart = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byPart));
    }

    /** @return null without readings, or without two of them at different requests held (no slope) */
    public static MemoryPerRequest of(MemoryPlateaus readings) {
        if (readings == null) {
            return null;
        }
        Set<String> parts = new LinkedHashSet<>();
        readings.plateaus().forEach(plateau -> parts.addAll(plateau.parts().keySet()));
        Map<String, PartFit> fits = new LinkedHashMap<>();
        for (String part : parts) {
            var measured = readings.plateaus().stream()
                    .filter(plateau -> plateau.parts().containsKey(part))
                    .toList();
            double[] held = measured.stream()
                    .mapToDouble(MemoryPlateaus.Plateau::inFlight)
                    .toArray();
            double[] bytes = measured.stream()
                    .mapToDouble(plateau -> plateau.parts().get(part))
                    .toArray();
            LeastSquares.fit(held, bytes)
                    .ifPresent(fit -> fits.put(part, new PartFit(fit.slope(), fit.rSquared(), measured.size())));
        }
        if (fits.isEmpty()) {
            return null;
        }
        PartFit rss = fits.get(RSS);
        PartFit unaccounted = fits.get(RSS_UNACCOUNTED);
        return new MemoryPerRequest(
                readings.plateaus().size(),
                readings.plateaus().stream()
                        .mapToInt(MemoryPlateaus.Plateau::inFlight)
                        .max()
                        .orElse(0),
                fits,
                rss != null && unaccounted != null && rss.bytesPerRequest() != 0
                        ? unaccounted.bytesPerRequest() / rss.bytesPerRequest()
                        : null);
    }

    /** The resident set's bytes per held request: what the machine pays for one more; null without its fit. */
    public Double residentBytesPerRequest() {
        PartFit rss = byPart.get(RSS);
        return rss == null ? null : rss.bytesPerRequest();
    }
}
