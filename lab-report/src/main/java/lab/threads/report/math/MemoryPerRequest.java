package lab.threads.report.math;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import lab.threads.report.raw.MemoryPlateaus;

/**
 * What one held request costs the server in memory, by part: for each part {@code /stats/memory} measured, the
 * least-squares slope of its bytes against the requests held over a hold plan's plateaus, with its R², over the
 * plateaus that measured it. The check figure is {@value #FIGURE}.
 *
 * @param unaccountedShare of the resident set's slope, the share no part accounts for; null without both slopes
 */
public record MemoryPerRequest(int plateaus, int peakHeld, Map<String, PartFit> byPart, Double unaccountedShare) {
    /** The name of the figure for checks and the first screen: the resident set's bytes per held request. */
    public static final String FIGURE = "memory-per-request";

    /** The parts' names in {@code /stats/memory} (server-common's {@code MemoryByPart}) the share is taken from. */
    static final String RSS = "rssBytes";

    static final String RSS_UNACCOUNTED = "rssUnaccountedBytes";

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
