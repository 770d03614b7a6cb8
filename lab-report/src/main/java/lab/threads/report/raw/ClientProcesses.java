package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import lab.threads.run.RunFolder;

/** How many local processes sent the load, and why; one, with no reason, for an older run. */
public record ClientProcesses(int processes, String why) {

    public static final ClientProcesses ONE = new ClientProcesses(1, null);

    public static ClientProcesses read(Path serverDir) {
        Path file = serverDir.resolve(RunFolder.CLIENT_SPLIT_FILE);
        if (!Files.isRegularFile(file)) {
            return ONE;
        }
        try {
            JsonNode said = new ObjectMapper().readTree(file.toFile());
            int processes = said.path("processes").asInt(1);
            return new ClientProcesses(Math.max(1, processes), said.path("why").asText(null));
        } catch (IOException e) {
            return ONE;
        }
    }

    /** "the load was sent by 2 client processes (2 processes: ...)"; null for one process. */
    public String finding() {
        return processes > 1
                ? "the load was sent by " + processes + " client processes (" + why
                        + "): their results are merged, each one's own in client-<n>/"
                : null;
    }
}
