package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.run.RunFolder;

/**
 * One of the server's once-a-second /stats snapshots, the fields that tell where its memory lives: requests in flight,
 * the resident set, the live heap and the heap the JVM has committed. The live heap is the heap after the JVM's latest
 * collection; before its first one (an idle server often has none yet) it is the heap in use, every byte of which is
 * then counted live: an upper bound, so a baseline taken then never makes the growth over it look larger. Only
 * snapshots that carry all of them are kept: a run from before /stats gave the heap committed has none.
 *
 * @param liveHeapBytes the heap after the latest collection, or the heap in use before the first
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
