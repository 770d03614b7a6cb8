package lab.threads.report.raw;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One wall-clock second of the server's own series ({@code server-seconds.json}); seconds without any unlisted. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ServerSecond(long epochSecond, long completed, double p50Ms, double p99Ms, double maxMs) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Never throws: a missing or unreadable file gives an empty list and a note. */
    public static List<ServerSecond> read(Path file, List<String> notes) {
        try {
            JsonNode seconds = JSON.readTree(Files.readString(file)).path("seconds");
            List<ServerSecond> result = new ArrayList<>();
            for (JsonNode second : seconds) {
                result.add(JSON.treeToValue(second, ServerSecond.class));
            }
            return result;
        } catch (NoSuchFileException e) {
            notes.add(file.getFileName()
                    + " is missing: the server's per-second series is unknown, so client stalls cannot be told");
        } catch (IOException | RuntimeException e) {
            notes.add(file.getFileName() + " could not be read (" + e.getMessage() + "): client stalls cannot be told");
        }
        return List.of();
    }
}
