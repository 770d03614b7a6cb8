package lab.threads.report.verdict;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.run.RunFolder;

/** Lines of the server's {@code server.log} that name one of {@link ClientVerdict#RESOURCE_LIMITS}. */
public final class ServerLogLimits {

    private ServerLogLimits() {}

    /** @return lines per limit named, in the order first seen; empty without a log */
    public static Map<String, Long> read(Path serverDir) {
        Map<String, Long> counts = new LinkedHashMap<>();
        Path log = serverDir.resolve(RunFolder.SERVER_LOG_FILE);
        if (!Files.isRegularFile(log)) {
            return counts;
        }
        // Malformed bytes are replaced, not fatal: a log is for people, and a cut last line is normal.
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                Files.newInputStream(log),
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)))) {
            lines.lines()
                    .forEach(line -> ClientVerdict.RESOURCE_LIMITS.stream()
                            .filter(line::contains)
                            .forEach(limit -> counts.merge(limit, 1L, Long::sum)));
        } catch (IOException | UncheckedIOException e) {
            return counts;
        }
        return counts;
    }
}
