package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.run.RunFolder;

/**
 * One of the server's once-a-second /stats snapshots, the fields that tell where its memory lives: requests in flight,
 * the resident set, the live heap after the JVM's latest collection and the heap it has committed. Only snapshots
 * that carry all of them are kept: a run from before /stats gave the heap committed has none.
 */
public record ServerMemorySecond(
        long sampledAtMs, long inFlight, long rssBytes, long heapAfterGcBytes, long heapCommittedBytes) {

    private static final List<String> FIELDS =
            List.of("sampledAtMs", "inFlight", "rssBytes", "heapAfterGcBytes", "heapCommittedBytes");

    /** Never throws: a missing or damaged file gives the snapshots read; its notes are the peaks' to give. */
    public static List<ServerMemorySecond> read(Path statsJsonl) {
        List<ServerMemorySecond> seconds = new ArrayList<>();
        JsonLinesFile.read(
                statsJsonl,
                RunFolder.NO_SERVER_FIGURES,
                snapshot -> {
                    if (FIELDS.stream().allMatch(field -> snapshot.path(field).isNumber())) {
                        seconds.add(new ServerMemorySecond(
                                value(snapshot, "sampledAtMs"),
                                value(snapshot, "inFlight"),
                                value(snapshot, "rssBytes"),
                                value(snapshot, "heapAfterGcBytes"),
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
