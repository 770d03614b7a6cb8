package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.run.RunFolder;

/**
 * The /stats fields that tell where the server's memory lives, one snapshot a second; only snapshots that carry all of
 * them are kept.
 *
 * @param liveHeapBytes the heap after the latest collection; before the first, the heap in use: an upper bound, so a
 *                      baseline taken then never makes the growth look larger
 */
public record ServerMemorySecond(
        long sampledAtMs, long inFlight, long rssBytes, long liveHeapBytes, long heapCommittedBytes) {

    private static final List<String> FIELDS = List.of("sampledAtMs", "inFlight", "rssBytes", "heapCommittedBytes");

    /** Never throws: a missing or damaged file gives the snapshots read; its notes are the peaks' to give. */
    public static List<ServerMemorySecond> read(Path statsJsonl) {
        List<ServerMemorySecond> seconds = new ArrayList<>();
        JsonLinesFile.read(
                statsJsonl,
                RunFolder.NO_SERVER_FIGURES,
                snapshot -> {
                    String liveHeap =
                            snapshot.path("heapAfterGcBytes").isNumber() ? "heapAfterGcBytes" : "heapUsedBytes";
                    if (FIELDS.stream().allMatch(field -> snapshot.path(field).isNumber())
                            && snapshot.path(liveHeap).isNumber()) {
                        seconds.add(new ServerMemorySecond(
                                value(snapshot, "sampledAtMs"),
                                value(snapshot, "inFlight"),
                                value(snapshot, "rssBytes"),
                                value(snapshot, liveHeap),
                                value(snapshot, "heapCommittedBytes")));
                    }
                },
                new ArrayList<>());
        return seconds;
    }

    private static long value(JsonNode snapshot, String field) {
        return snapshot.get(field).asLong();
    }
}
