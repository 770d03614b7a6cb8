package lab.threads.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recording with a real pin in it: a virtual thread sleeping in a class initializer, which still pins on 25. */
class JfrEvidenceTest {

    /** Its initializer sleeps: a virtual thread that runs it parks under a VM frame, pinned. */
    static final class SlowToInitialise {
        static final long SLEPT;

        static {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            SLEPT = 100;
        }
    }

    @Test
    void countsPinnedEventsWithTheirTopFrameAndCarrierThreads(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("pinned.jfr");
        try (Recording recording = new Recording()) {
            recording
                    .enable("jdk.VirtualThreadPinned")
                    .withThreshold(Duration.ofMillis(20))
                    .withStackTrace();
            recording.enable("jdk.ThreadStart");
            recording.start();
            Thread.ofVirtual()
                    .start(() -> assertEquals(100, SlowToInitialise.SLEPT))
                    .join();
            recording.stop();
            recording.dump(file);
        }
        JfrEvidence evidence = JfrEvidence.read(file);

        assertEquals(1, evidence.pinnedEvents(), evidence.toString());
        assertTrue(
                evidence.pinnedTop().contains(": java.lang.Thread.sleep"),
                "the reason, then where: " + evidence.pinnedTop());
        assertTrue(evidence.pinnedTop().contains("SlowToInitialise.<clinit>"), evidence.pinnedTop());
        assertTrue(evidence.pinnedTop().endsWith("(1)"), evidence.pinnedTop());
        assertEquals(0, evidence.nativeSamples(), "no wait of the lab's in native code");
        assertTrue(Files.size(file) > 0);
    }
}
