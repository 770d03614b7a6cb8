package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import lab.threads.model.client.LoadClient;
import lab.threads.run.RunFolder;

/** Which client recorded a server folder's samples: its case's run.json says; an older run's logs tell. */
public final class RecordedClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RecordedClient() {}

    /** The client of the samples in {@code serverDir}, whose parent is its case's folder. */
    public static LoadClient of(Path serverDir) {
        Path parent = serverDir.toAbsolutePath().getParent();
        Path started = parent == null ? null : parent.resolve(RunFolder.STARTED_FILE);
        if (started != null && Files.isRegularFile(started)) {
            try {
                JsonNode id = JSON.readTree(started.toFile()).at("/metadata/" + LoadClient.METADATA_KEY);
                Optional<LoadClient> recorded = id.isTextual() ? LoadClient.byId(id.asText()) : Optional.empty();
                if (recorded.isPresent()) {
                    return recorded.get();
                }
            } catch (IOException unreadable) {
                // An older run's logs tell, below.
            }
        }
        return LoadClient.byLogIn(file -> Files.isRegularFile(serverDir.resolve(file)));
    }
}
