package lab.threads.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the runner knows of a guest, written into its folder ({@code guest.json}) as the load starts and ends: the
 * report reads such a folder as a guest's, its figures from outside the process only.
 *
 * @param process how the run knew its process, in words ("pid 123", "started by the lab: java Test.java", or none)
 * @param pid the process read from outside; null when none was given
 * @param expected the answer that counted as a success, in words ("HTTP 200")
 * @param serviceMs the service's own time for a request (--service-ms), the ideal's; null when not given
 * @param gc the JVM's collections during the load; null when not read (see {@code gcSource})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GuestFacts(
        String name, String url, String process, Long pid, String expected, Long serviceMs, Gc gc, String gcSource) {

    /** What the report says a guest's own timings are, in place of a figure. */
    public static final String NO_REQUEST_LOG = "not measured: the server keeps no request log";

    /** @param gcSeconds the time the JVM counted for its collections (jstat's GCT: pauses and concurrent cycles) */
    public record Gc(long young, long full, double gcSeconds) {}

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public GuestFacts withGc(Gc measured, String source) {
        return new GuestFacts(name, url, process, pid, expected, serviceMs, measured, source);
    }

    public void write(Path serverDir) throws IOException {
        AtomicFile.write(serverDir.resolve(RunFolder.GUEST_FILE), JSON.writeValueAsString(this));
    }

    /** The guest of {@code serverDir}; null for a folder of one of the lab's servers. A bad file is noted. */
    public static GuestFacts read(Path serverDir, List<String> notes) {
        Path file = serverDir.resolve(RunFolder.GUEST_FILE);
        if (!Files.exists(file)) {
            return null;
        }
        try {
            return JSON.readValue(file.toFile(), GuestFacts.class);
        } catch (IOException e) {
            notes.add(RunFolder.GUEST_FILE + " could not be read (" + e.getMessage() + "): the guest's URL, process "
                    + "and collections are not in this report");
            return new GuestFacts(serverDir.getFileName().toString(), null, null, null, null, null, null, null);
        }
    }
}
