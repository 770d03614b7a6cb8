package lab.threads.model.samples;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of {@code client-stats.jsonl}: the client's record of its own process, once a second. Counters are
 * cumulative since the client JVM started; a field the OS could not give is null.
 *
 * @param elapsedMs        since the client started its test: {@code sampledAtMs - elapsedMs} is second 0 of its
 *                         schedule (Hyperfoil's lines before its measured phase carry a planned origin: read the last)
 * @param machineCpuBusyMs all cores, from /proc/stat: the whole machine, server and client together
 * @param distributed      the users ran on JMeter workers: this line describes the controller only
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ClientSnapshot(
        long sampledAtMs,
        Long elapsedMs,
        Long cpuUserMs,
        Long cpuSystemMs,
        Long rssBytes,
        Long osThreads,
        Long gcPauseMs,
        Long gcPauses,
        Long gcMaxPauseMs,
        Long samplesInFlight,
        Long machineCpuBusyMs,
        Long machineCpuTotalMs,
        Integer cores,
        Long openFiles,
        Long maxOpenFiles,
        boolean distributed) {

    private static final ObjectMapper JSON = new ObjectMapper();

    Long cpuMs() {
        return cpuUserMs == null || cpuSystemMs == null ? null : cpuUserMs + cpuSystemMs;
    }

    /** Never throws: a missing or cut file gives what could be read, and a note says what was not. */
    public static List<ClientSnapshot> read(Path jsonl, List<String> notes) {
        List<ClientSnapshot> snapshots = new ArrayList<>();
        JsonLinesFile.read(
                jsonl,
                "the client's own health is unknown",
                line -> {
                    ClientSnapshot snapshot = JSON.convertValue(line, ClientSnapshot.class);
                    if (snapshot.sampledAtMs() <= 0) {
                        throw new IllegalArgumentException("no sampledAtMs: " + line);
                    }
                    snapshots.add(snapshot);
                },
                notes);
        return List.copyOf(snapshots);
    }
}
