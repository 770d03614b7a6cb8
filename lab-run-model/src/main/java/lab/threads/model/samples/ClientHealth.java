package lab.threads.model.samples;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the client cost the shared machine during one server's run, from its {@code client-stats.jsonl}: the same
 * figures the server gets, so both sides can be compared.
 *
 * @param scheduleStartMs when the client's measured schedule began, epoch ms, from the last line (a client may move the
 *                        origin once the load really starts); null when unknown
 * @param gcPauseMs       stop-the-world GC pause time during the run; every sample in flight is late by each pause
 */
public record ClientHealth(
        int snapshots,
        boolean distributed,
        Long scheduleStartMs,
        Long peakRssBytes,
        Long peakOsThreads,
        Long cpuUserMs,
        Long cpuSystemMs,
        Long gcPauseMs,
        Long gcPauses,
        Long gcMaxPauseMs,
        Double peakCpuPercentOfMachine,
        Long peakSamplesInFlight,
        Long peakOpenFiles,
        Long openFilesLimit) {

    public static final ClientHealth UNKNOWN =
            new ClientHealth(0, false, null, null, null, null, null, null, null, null, null, null, null, null);

    public static ClientHealth of(List<ClientSnapshot> snapshots, List<ClientPoint> points) {
        if (snapshots.isEmpty()) {
            return UNKNOWN;
        }
        ClientSnapshot first = snapshots.getFirst();
        return new ClientHealth(
                snapshots.size(),
                snapshots.stream().anyMatch(ClientSnapshot::distributed),
                snapshots.stream()
                        .filter(s -> s.elapsedMs() != null)
                        .reduce((earlier, later) -> later)
                        .map(s -> s.sampledAtMs() - s.elapsedMs())
                        .orElse(null),
                max(snapshots, ClientSnapshot::rssBytes),
                max(snapshots, ClientSnapshot::osThreads),
                growth(snapshots, ClientSnapshot::cpuUserMs),
                growth(snapshots, ClientSnapshot::cpuSystemMs),
                growth(snapshots, ClientSnapshot::gcPauseMs),
                growth(snapshots, ClientSnapshot::gcPauses),
                max(snapshots, ClientSnapshot::gcMaxPauseMs),
                points.stream()
                        .map(ClientPoint::cpuPercentOfMachine)
                        .filter(Objects::nonNull)
                        .max(Double::compare)
                        .orElse(null),
                max(snapshots, ClientSnapshot::samplesInFlight),
                max(snapshots, ClientSnapshot::openFiles),
                max(snapshots, ClientSnapshot::maxOpenFiles));
    }

    private static Long max(List<ClientSnapshot> snapshots, Function<ClientSnapshot, Long> field) {
        return snapshots.stream()
                .map(field)
                .filter(Objects::nonNull)
                .max(Long::compare)
                .orElse(null);
    }

    /** A cumulative counter's growth from the first line that has it to the last. */
    private static Long growth(List<ClientSnapshot> snapshots, Function<ClientSnapshot, Long> field) {
        List<Long> values =
                snapshots.stream().map(field).filter(Objects::nonNull).toList();
        return values.isEmpty() ? null : values.getLast() - values.getFirst();
    }
}
