package lab.threads.report.pinning;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import lab.threads.report.Golden;
import lab.threads.run.PinningRecord;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pinning.md and index.html, rendered from probes shaped as recorded ones, byte for byte as recorded ({@link Golden}). */
class PinningPageAsRecordedTest {

    @TempDir
    Path runDir;

    @Test
    void thePagesAreAsRecorded() throws IOException {
        new PinningReport(
                        new PinningRecord(
                                new RunRecord.Machine(
                                        "2026-11-25T15:44:57Z", "./lab pinning", null, null, null, 2, null),
                                null,
                                null,
                                200,
                                null,
                                null,
                                null),
                        List.of(
                                PinningVerdictTest.probe("sleep", 200, 1_080, 2, 0),
                                PinningVerdictTest.probe("monitor", 12, 6_000, 2, 12),
                                PinningVerdictTest.probe("file", 200, 1_150, 202, 0),
                                PinningVerdictTest.probe("native", 12, 6_000, 2, 0)))
                .write(runDir);
        Golden.assertFileAsRecorded(
                "pinning-" + RunFolder.PINNING_MARKDOWN_FILE, runDir.resolve(RunFolder.PINNING_MARKDOWN_FILE));
        Golden.assertFileAsRecorded("pinning-index.html", runDir.resolve(RunFolder.HTML_FILE));
    }
}
