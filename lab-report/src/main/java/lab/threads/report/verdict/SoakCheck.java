package lab.threads.report.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import java.util.Map;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.model.samples.JtlReader;
import lab.threads.report.math.LeastSquares;
import lab.threads.run.RunFolder;

/**
 * Whether a long steady load left a server where it found it: after its warm-up its RSS, heap after GC, open files and
 * threads flat (the least-squares growth over the window within 5% of the mean, or a floor near zero) and no request
 * failed.
 *
 * @param window seconds of stats after the warm-up the trends are fitted over
 */
public record SoakCheck(String server, long samples, long errors, double window, List<Trend> trends) {

    /** The resources, the /stats field each comes from, its unit's size and the floor of its tolerance. */
    private static final List<Resource> RESOURCES = List.of(
            new Resource("RSS", "rssBytes", "MB", 1024 * 1024, 16),
            new Resource("heap after GC", "heapAfterGcBytes", "MB", 1024 * 1024, 16),
            new Resource("open files", "openFiles", "", 1, 20),
            new Resource("OS threads", "osThreads", "", 1, 20));

    private static final double TOLERANCE = 0.05;

    private record Resource(String name, String field, String unit, double unitSize, double floor) {}

    /** @param growth the least-squares slope over the whole window, held to {@code allowed} */
    public record Trend(
            String resource,
            String unit,
            int points,
            double mean,
            double slopePerMinute,
            double growth,
            double allowed) {
        public boolean flat() {
            return Math.abs(growth) <= allowed;
        }

        public String describe() {
            return points < 2
                    ? resource + ": not recorded"
                    : String.format(
                            Locale.ROOT,
                            "%s %s: mean %,.1f, slope %+.2f/min " + "(%+.1f over the window, allowed ±%.1f)",
                            resource,
                            flat() ? "flat" : "GROWS",
                            mean,
                            slopePerMinute,
                            growth,
                            allowed);
        }
    }

    public boolean passed() {
        return errors == 0 && samples > 0 && trends.stream().allMatch(trend -> trend.points() >= 2 && trend.flat());
    }

    /** The snapshots taken while requests were sent, less the first {@code warmupSeconds}. */
    public static SoakCheck read(String server, long samples, long errors, Path serverDir, double warmupSeconds) {
        LongSummaryStatistics sent = new LongSummaryStatistics();
        JtlReader.read(
                serverDir.resolve(RunFolder.SAMPLES_FILE),
                sample -> sent.accept(sample.timeStamp()),
                new ArrayList<>());
        long from = sent.getMin() + (long) (warmupSeconds * 1000);
        List<JsonNode> steady = new ArrayList<>();
        JsonLinesFile.read(
                serverDir.resolve(RunFolder.STATS_FILE),
                "the soak's trends",
                line -> {
                    long at = line.path("sampledAtMs").asLong();
                    if (at >= from && at <= sent.getMax()) {
                        steady.add(line);
                    }
                },
                new ArrayList<>());
        double window = steady.size() < 2
                ? 0
                : (steady.getLast().path("sampledAtMs").asLong()
                                - steady.getFirst().path("sampledAtMs").asLong())
                        / 1000.0;
        return new SoakCheck(
                server,
                samples,
                errors,
                window,
                RESOURCES.stream()
                        .map(resource -> trend(resource, steady, window))
                        .toList());
    }

    private static Trend trend(Resource resource, List<JsonNode> steady, double window) {
        List<JsonNode> lines = steady.stream()
                .filter(line -> line.hasNonNull(resource.field()))
                .toList();
        if (lines.size() < 2) {
            return new Trend(resource.name(), resource.unit(), lines.size(), 0, 0, 0, 0);
        }
        double[] minutes = lines.stream()
                .mapToDouble(line -> line.path("sampledAtMs").asLong() / 60_000.0)
                .toArray();
        double[] values = lines.stream()
                .mapToDouble(line -> line.path(resource.field()).asDouble() / resource.unitSize())
                .toArray();
        double meanY = Arrays.stream(values).average().orElseThrow();
        double slope =
                LeastSquares.fit(minutes, values).map(LeastSquares::slope).orElse(0.0);
        return new Trend(
                resource.name(),
                resource.unit(),
                lines.size(),
                meanY,
                slope,
                slope * window / 60,
                Math.max(TOLERANCE * Math.abs(meanY), resource.floor()));
    }

    /** The check in markdown: one row per server. */
    public static String markdown(List<SoakCheck> checks, Map<String, Object> how) {
        StringBuilder md = new StringBuilder("# Soak\n\n");
        how.forEach((key, value) ->
                md.append("- ").append(key).append(": ").append(value).append('\n'));
        md.append(
                "\nFlat: the least-squares slope after the warm-up, times the window, within 5% of the mean (or a floor: "
                        + "16 MB, 20 files, 20 threads).\n\n| server | verdict | requests | errors | window s | RSS MB/min | heap after GC MB/min "
                        + "| open files/min | OS threads/min |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (SoakCheck check : checks) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %,d | %,d | %.0f",
                    check.server(),
                    check.passed() ? "flat, 0 errors" : "**not flat or errors**",
                    check.samples(),
                    check.errors(),
                    check.window()));
            check.trends()
                    .forEach(trend -> md.append(
                            trend.points() < 2
                                    ? " | n/a"
                                    : String.format(
                                            Locale.ROOT,
                                            " | %+.2f (mean %,.1f)%s",
                                            trend.slopePerMinute(),
                                            trend.mean(),
                                            trend.flat() ? "" : " **grows**")));
            md.append(" |\n");
        }
        return md.toString();
    }
}
