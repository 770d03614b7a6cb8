package lab.threads.report.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.run.JvmSide;
import one.convert.Arguments;
import one.convert.JfrToFlame;

/**
 * A server's turn under {@code --profile}: the counts of the server JVM and of the client fork, each null when it left
 * no readable recording.
 */
public record JvmProfile(JvmCounts server, JvmCounts client) {

    /** @return null when the run was not profiled: neither recording is in the folder */
    public static JvmProfile read(Path serverDir, String serverId, List<String> notes) {
        JvmCounts server = side(serverDir, serverId, JvmSide.SERVER, notes);
        JvmCounts client = side(serverDir, serverId, JvmSide.CLIENT, notes);
        return server == null && client == null ? null : new JvmProfile(server, client);
    }

    public JvmCounts counts(JvmSide side) {
        return side == JvmSide.SERVER ? server : client;
    }

    private static JvmCounts side(Path serverDir, String serverId, JvmSide side, List<String> notes) {
        Path recording = serverDir.resolve(side.recording());
        if (!Files.exists(recording)) {
            return null;
        }
        try {
            JvmCounts counts = JvmRecording.read(recording);
            flameGraph(
                    recording,
                    serverDir.resolve(side.flameGraph()),
                    serverId + ": " + side.label(RecordedClient.of(serverDir)) + " CPU");
            return counts;
        } catch (IOException | RuntimeException e) {
            // A JVM killed while writing leaves a cut file; the rest of the report stands without it.
            notes.add(side.recording() + " could not be read (" + e.getMessage()
                    + "): no JVM counts or flame graph for the " + side.label(RecordedClient.of(serverDir)));
            return null;
        }
    }

    /**
     * A self-contained flame graph of the recording's CPU samples by async-profiler's converter. No --cpu: it would
     * drop the JDK's own samples; --inverted: the widest frames show first.
     */
    private static void flameGraph(Path jfr, Path html, String title) throws IOException {
        Arguments options = new Arguments("--inverted", "--title", title.replaceAll("[<>&'\"]", ""));
        JfrToFlame.convert(jfr.toString(), html.toString(), options);
    }
}
