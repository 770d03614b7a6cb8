package lab.threads.report.pinning;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Collectors;
import lab.threads.run.AtomicFile;
import lab.threads.run.PinningProbe;
import lab.threads.run.PinningRecord;
import lab.threads.run.RunFolder;

/** A {@code ./lab pinning} run: what ran where and every probe, in the order they ran. */
public record PinningReport(PinningRecord metadata, List<PinningProbe> probes) {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** The servers' JDKs (feature releases), in the order they first ran. */
    public List<Integer> jdks() {
        return probes.stream().map(PinningProbe::jdkFeature).distinct().toList();
    }

    public List<TalkRow> rows() {
        return java.util.Arrays.stream(TalkRow.values())
                .filter(row -> probes.stream().anyMatch(p -> p.kind().equals(row.kind())))
                .toList();
    }

    public List<PinningProbe> probes(int jdk) {
        return probes.stream().filter(p -> p.jdkFeature() == jdk).toList();
    }

    /**
     * The talk's table cell: one kind's verdict on one JDK over every virtual-thread server, with its throughput's
     * range; "mixed" when they disagree; empty when nothing of it was probed.
     */
    public String verdict(TalkRow row, int jdk) {
        List<PinningProbe> virtual = probes.stream()
                .filter(p -> p.jdkFeature() == jdk && p.kind().equals(row.kind()) && p.virtual())
                .toList();
        if (virtual.isEmpty()) {
            return "";
        }
        TreeMap<PinningVerdict, List<PinningProbe>> byVerdict =
                virtual.stream().collect(Collectors.groupingBy(PinningVerdict::of, TreeMap::new, Collectors.toList()));
        if (byVerdict.size() > 1) {
            return "mixed: "
                    + byVerdict.entrySet().stream()
                            .map(entry -> entry.getKey().words() + " on "
                                    + entry.getValue().stream()
                                            .map(PinningProbe::server)
                                            .collect(Collectors.joining(", ")))
                            .collect(Collectors.joining("; "));
        }
        PinningVerdict verdict = byVerdict.firstKey();
        double low =
                virtual.stream().mapToDouble(PinningProbe::percentOfIdeal).min().orElseThrow();
        double high =
                virtual.stream().mapToDouble(PinningProbe::percentOfIdeal).max().orElseThrow();
        int pinned = virtual.stream().mapToInt(PinningProbe::pinnedEvents).sum();
        int maxCarriers =
                virtual.stream().mapToInt(PinningProbe::carriers).max().orElse(-1);
        String range = String.format(Locale.ROOT, low == high ? "%.1f%%" : "%.1f-%.1f%%", low, high, high);
        return verdict.words() + ": " + range + " of ideal"
                + (verdict == PinningVerdict.COMPENSATES ? ", up to " + maxCarriers + " carriers" : "")
                + ", " + pinned + " pinned events (" + virtual.size() + " servers)";
    }

    /** Writes pinning.json, pinning.md and index.html into the run's folder. @return the page */
    public Path write(Path runDir) throws IOException {
        AtomicFile.write(runDir.resolve(RunFolder.PINNING_FILE), JSON.writeValueAsString(this));
        return PinningPage.of(this).write(runDir, RunFolder.PINNING_MARKDOWN_FILE);
    }

    public static PinningReport read(Path runDir) throws IOException {
        return JSON.readValue(runDir.resolve(RunFolder.PINNING_FILE).toFile(), PinningReport.class);
    }
}
