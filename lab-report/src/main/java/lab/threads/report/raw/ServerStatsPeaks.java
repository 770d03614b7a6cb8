package lab.threads.report.raw;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.run.RunFolder;

/**
 * What the server's own /stats said during the run: peaks over its snapshots, and the growth of its cumulative counters
 * from the first to the last. A value is null when no snapshot had it.
 *
 * @param silentAtEndSeconds how long before the client's last answer the server's last snapshot was taken, when more
 *                           than {@link #SILENCE_MS}: its peaks and CPU are then lower bounds; null when it answered to
 *                           the end
 */
public record ServerStatsPeaks(
        int snapshots,
        String variant,
        String jdk,
        Long peakInFlight,
        Long peakOsThreads,
        Long peakPlatformThreads,
        Long peakRssBytes,
        Long peakOpenFiles,
        Long openFilesLimit,
        Long cpuUserMs,
        Long cpuSystemMs,
        Long processCpuMs,
        Long voluntaryContextSwitches,
        Long involuntaryContextSwitches,
        Map<String, Object> settings,
        Double silentAtEndSeconds) {

    /** A poll every second, each allowed 2 s to answer: a longer silence at the end is the server's, not the poller's. */
    static final long SILENCE_MS = 5_000;

    /** The larger of the JVM's exact platform-thread peak and /proc's sampled count. */
    public Long peakThreads() {
        if (peakOsThreads == null || peakPlatformThreads == null) {
            return peakOsThreads != null ? peakOsThreads : peakPlatformThreads;
        }
        return Math.max(peakOsThreads, peakPlatformThreads);
    }

    /** "≥ " before a peak the server's silence may have hidden, nothing otherwise. */
    public String lowerBoundMark() {
        return silentAtEndSeconds == null ? "" : "≥ ";
    }

    /**
     * Never throws: a missing, empty or cut file gives what could be read, and a note.
     *
     * @param loadEndMs when the client's last sample ended (epoch ms); null when it recorded none
     */
    public static ServerStatsPeaks read(Path jsonl, List<String> notes, Long loadEndMs) {
        return read(jsonl, RunFolder.NO_SERVER_FIGURES, notes, loadEndMs);
    }

    /** The same from a file of the same fields another record wrote (a guest's process read from outside). */
    public static ServerStatsPeaks read(Path jsonl, String missing, List<String> notes, Long loadEndMs) {
        Accumulator accumulator = new Accumulator();
        JsonLinesFile.read(jsonl, missing, accumulator::add, notes);
        return accumulator.result(loadEndMs);
    }

    /** Folds snapshots one by one, so the file is never held whole. */
    private static final class Accumulator {
        private int snapshots;
        private String variant;
        private String jdk;
        private Map<String, Object> settings;
        private Long lastSampledAtMs;
        // The server's running peak also sees the moments between two snapshots; the instant value stands in for it
        // when a snapshot lacks it.
        private final Peak inFlight = new Peak("peakInFlight", "inFlight");
        private final Peak osThreads = new Peak("osThreads");
        private final Peak platformThreads = new Peak("peakPlatformThreads", "platformThreads");
        private final Peak rss = new Peak("peakRssBytes", "rssBytes");
        private final Peak openFiles = new Peak("openFiles");
        private final Peak openFilesLimit = new Peak("maxOpenFiles");
        private final Delta cpuUser = new Delta("cpuUserMs");
        private final Delta cpuSystem = new Delta("cpuSystemMs");
        private final Delta processCpu = new Delta("processCpuMs");
        private final Delta voluntary = new Delta("voluntaryContextSwitches");
        private final Delta involuntary = new Delta("involuntaryContextSwitches");
        private final List<Peak> peaks = List.of(inFlight, osThreads, platformThreads, rss, openFiles, openFilesLimit);
        private final List<Delta> deltas = List.of(cpuUser, cpuSystem, processCpu, voluntary, involuntary);

        void add(JsonNode snapshot) {
            snapshots++;
            variant = snapshot.path("variant").asText(variant);
            jdk = snapshot.path("jdk").asText(jdk);
            if (snapshot.path("sampledAtMs").isNumber()) {
                lastSampledAtMs = snapshot.get("sampledAtMs").asLong();
            }
            if (settings == null && snapshot.get("settings") instanceof JsonNode given && given.isObject()) {
                settings = new ObjectMapper().convertValue(given, new TypeReference<Map<String, Object>>() {});
            }
            peaks.forEach(peak -> peak.see(snapshot));
            deltas.forEach(delta -> delta.see(snapshot));
        }

        ServerStatsPeaks result(Long loadEndMs) {
            Double silentAtEnd =
                    loadEndMs == null || lastSampledAtMs == null || loadEndMs - lastSampledAtMs <= SILENCE_MS
                            ? null
                            : (loadEndMs - lastSampledAtMs) / 1000.0;
            return new ServerStatsPeaks(
                    snapshots,
                    variant,
                    jdk,
                    inFlight.max,
                    osThreads.max,
                    platformThreads.max,
                    rss.max,
                    openFiles.max,
                    openFilesLimit.max,
                    cpuUser.value(),
                    cpuSystem.value(),
                    processCpu.value(),
                    voluntary.value(),
                    involuntary.value(),
                    settings,
                    silentAtEnd);
        }
    }

    /** The largest value of any of the given fields over all snapshots. */
    private static final class Peak {
        private final List<String> fields;
        private Long max;

        Peak(String... fields) {
            this.fields = List.of(fields);
        }

        void see(JsonNode snapshot) {
            for (String field : fields) {
                JsonNode value = snapshot.get(field);
                if (value != null && value.isNumber() && (max == null || value.asLong() > max)) {
                    max = value.asLong();
                }
            }
        }
    }

    /** How much a cumulative counter grew between the first and the last snapshot that had it. */
    static final class Delta {
        private final String field;
        private Long first;
        private Long last;

        Delta(String field) {
            this.field = field;
        }

        void see(JsonNode snapshot) {
            JsonNode value = snapshot.get(field);
            if (value != null && value.isNumber()) {
                last = value.asLong();
                first = first == null ? last : first;
            }
        }

        Long value() {
            return first == null ? null : last - first;
        }
    }
}
