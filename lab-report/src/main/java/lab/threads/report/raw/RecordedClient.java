package lab.threads.report.raw;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import lab.threads.model.client.LoadClient;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;

/** Which client recorded a server folder's samples: its case's run.json says; an older run's logs tell. */
public final class RecordedClient {

    private RecordedClient() {}

    /** The client of the samples in {@code serverDir}, whose parent is its case's folder. */
    public static LoadClient of(Path serverDir) {
        Path parent = serverDir.toAbsolutePath().getParent();
        Optional<LoadClient> recorded = parent == null
                ? Optional.empty()
                : RunRecord.in(parent.resolve(RunFolder.STARTED_FILE))
                        .map(metadata -> metadata.load().loadClient())
                        .flatMap(LoadClient::byId);
        return recorded.orElseGet(() -> LoadClient.byLogIn(file -> Files.isRegularFile(serverDir.resolve(file))));
    }
}
