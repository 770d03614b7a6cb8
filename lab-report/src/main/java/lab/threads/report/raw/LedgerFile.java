package lab.threads.report.raw;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.run.LedgerSecond;
import lab.threads.run.RunFolder;

/** Reads a server folder's {@code ledger.jsonl}; a folder from before the ledger has none, and no note. */
public final class LedgerFile {

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private LedgerFile() {}

    /** @return the lines in the file's order; empty when the folder has no ledger */
    public static List<LedgerSecond> read(Path serverDir, List<String> notes) {
        Path file = serverDir.resolve(RunFolder.LEDGER_FILE);
        List<LedgerSecond> seconds = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return seconds;
        }
        JsonLinesFile.read(
                file,
                "the machine's CPU by who used it is unknown",
                line -> {
                    if (!line.hasNonNull("busyMs") || !line.hasNonNull("intervalMs")) {
                        throw new IllegalArgumentException("not a ledger line");
                    }
                    seconds.add(JSON.convertValue(line, LedgerSecond.class));
                },
                notes);
        return seconds;
    }
}
