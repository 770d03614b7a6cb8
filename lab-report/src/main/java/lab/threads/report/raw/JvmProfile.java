package lab.threads.report.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.run.JvmSide;
import one.convert.Arguments;
import one.convert.JfrToFlame;

/** A server's turn under {@code --profile}: each side's JVM counts, null without a readable recording. */
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

    /** A flame graph by async-profiler's converter; no --cpu, which drops the JDK's samples; roots on top. */
    private static void flameGraph(Path jfr, Path html, String title) throws IOException {
        Arguments options = new Arguments("--inverted", "--title", title.replaceAll("[<>&'\"]", ""));
        JfrToFlame.convert(jfr.toString(), html.toString(), options);
    }
}
