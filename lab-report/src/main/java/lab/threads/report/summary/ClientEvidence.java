package lab.threads.report.summary;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import lab.threads.model.samples.ClientHealth;
import lab.threads.model.samples.ClientPoint;
import lab.threads.model.samples.ClientSnapshot;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.raw.ServerSecond;
import lab.threads.run.RunFolder;

/**
 * What tells whether the client set the figures: both sides' once-a-second series, the client's health, and when the
 * schedule started.
 *
 * @param scheduleStartMs the earlier of the client's own schedule start (when it recorded one) and the first sample's
 *                        start
 */
record ClientEvidence(
        List<ServerSecond> serverSeconds, List<ClientSnapshot> snapshots, ClientHealth health, long scheduleStartMs) {

    /** Reads the server folder's series; never throws on bad files, notes what it cannot read. */
    static ClientEvidence read(Path serverDir, SampleEnds ends, List<String> notes) {
        List<ServerSecond> serverSeconds = ServerSecond.read(serverDir.resolve(RunFolder.SERVER_SECONDS_FILE), notes);
        List<ClientSnapshot> snapshots = ClientSnapshot.read(serverDir.resolve(RunFolder.CLIENT_STATS_FILE), notes);
        ClientHealth health = ClientHealth.of(snapshots, ClientPoint.of(snapshots, 0));
        long scheduleStartMs = health.scheduleStartMs() == null
                ? ends.firstStart()
                : Math.min(health.scheduleStartMs(), ends.firstStart());
        return new ClientEvidence(serverSeconds, snapshots, health, scheduleStartMs);
    }

    /** The machine's cores as the client's first snapshot that counted them says; 0 when none did. */
    int machineCores() {
        return snapshots.stream()
                .map(ClientSnapshot::cores)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(0);
    }
}
