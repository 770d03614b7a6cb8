package lab.threads.report.pinning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.run.PinningProbe;
import lab.threads.run.PinningRecord;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdicts on a real run's probes: {@code ./lab pinning --servers pool,undertow-virtual --kinds
 * sleep,monitor,file,file-sync,native --requests 20 --wait-ms 500 --deadline-ms 3000 --server-jdk 25,21} (machine E,
 * 2 cores, 2026-11-25 17:20 UTC), its pinning.json as written. What each verdict must be was read off the figures by
 * hand: the pinned ones answered 10 of 20 in the 3 s deadline, the compensating ones started 21 carriers for 20
 * requests.
 */
class RecordedProbesTest {
    private static Path recordedDir;
    private static PinningReport recorded;

    @BeforeAll
    static void read() throws Exception {
        recordedDir = Path.of(RecordedProbesTest.class
                .getResource("/recorded/pinning-20x500ms")
                .toURI());
        recorded = PinningReport.read(recordedDir);
    }

    /** Written while the metadata was a map of named keys, it reads into its record and writes back as it was. */
    @Test
    void theMetadataReadsIntoItsRecordAndWritesBackByteForByte(@TempDir Path runDir) throws IOException {
        PinningRecord metadata = recorded.metadata();
        assertEquals("25.0.3+9-LTS (Eclipse Adoptium)", metadata.machine().jdk());
        assertEquals(List.of("25", "21"), metadata.serverJdks());
        assertEquals(20, metadata.requests());
        assertEquals(500, metadata.waitMs());
        assertEquals(3000, metadata.deadlineMs());
        assertTrue(metadata.client().startsWith("the runner's java.net.http.HttpClient"), metadata.client());

        recorded.write(runDir);
        assertEquals(
                Files.readString(recordedDir.resolve(RunFolder.PINNING_FILE)),
                Files.readString(runDir.resolve(RunFolder.PINNING_FILE)));
    }

    /**
     * Every key of the metadata, in its order: the lines the page said of it before its metadata was a record, with
     * the runner's JDK and memory and the client that measured the throughput.
     */
    @Test
    void thePageSaysWhereItRan() {
        assertEquals(
                List.of(
                        "date: 2026-11-25T17:22:02Z",
                        "command: ./lab pinning --servers pool,undertow-virtual --kinds sleep,monitor,file,file-sync,"
                                + "native --requests 20 --wait-ms 500 --deadline-ms 3000 --server-jdk 25,21 --out"
                                + " /tmp/pin-small",
                        "gitRevision: 9e7fdd3bad72-dirty",
                        "jdk: 25.0.3+9-LTS (Eclipse Adoptium)",
                        "os: Linux 6.18.44-fc-v782 amd64",
                        "cores: 2",
                        "memoryGiB: 23.5",
                        "load: 3.44 1.98 2.30 (1, 5, 15 min, at the start)",
                        "serverJdks: [\"25\",\"21\"]",
                        "requests: 20",
                        "waitMs: 500",
                        "deadlineMs: 3000",
                        "client: the runner's java.net.http.HttpClient, HTTP/1.1, every request sent at once"
                                + " asynchronously"),
                PinningPage.of(recorded).ranWhere());
    }

    @Test
    void eachRecordedProbeGetsTheVerdictItsFiguresShow() {
        Map<String, PinningVerdict> expected = new LinkedHashMap<>();
        for (String kind : List.of("sleep", "monitor", "file", "file-sync", "native")) {
            expected.put("25 server-pool " + kind, PinningVerdict.PLATFORM);
            expected.put("21 server-pool " + kind, PinningVerdict.PLATFORM);
        }
        expected.put(
                "25 server-undertow-virtual sleep",
                PinningVerdict.FRIENDLY); // 3 carriers: one extra is no compensation
        expected.put("25 server-undertow-virtual monitor", PinningVerdict.FRIENDLY); // JEP 491
        expected.put("25 server-undertow-virtual file", PinningVerdict.PINS); // JDK-8329593: no carrier added
        expected.put("25 server-undertow-virtual file-sync", PinningVerdict.COMPENSATES);
        expected.put("25 server-undertow-virtual native", PinningVerdict.PINS);
        expected.put("21 server-undertow-virtual sleep", PinningVerdict.FRIENDLY);
        expected.put("21 server-undertow-virtual monitor", PinningVerdict.PINS);
        expected.put("21 server-undertow-virtual file", PinningVerdict.COMPENSATES);
        expected.put("21 server-undertow-virtual file-sync", PinningVerdict.COMPENSATES);
        expected.put("21 server-undertow-virtual native", PinningVerdict.PINS);

        Map<String, PinningVerdict> actual = new LinkedHashMap<>();
        for (PinningProbe probe : recorded.probes()) {
            actual.put(probe.jdkFeature() + " " + probe.server() + " " + probe.kind(), PinningVerdict.of(probe));
        }
        assertEquals(expected, actual);
    }

    @Test
    void theRatesAreTheAnswersOverTheTimeAgainstOneWaitForAll() {
        for (PinningProbe probe : recorded.probes()) {
            // completed / elapsed against requests / wait, written out apart from PinningProbe's three methods
            double percent =
                    100.0 * probe.completed() * probe.waitMs() / ((double) probe.elapsedMs() * probe.requests());
            assertEquals(percent, probe.percentOfIdeal(), 1e-9, probe.toString());
            assertEquals(probe.parallelism() * 1000.0 / probe.waitMs(), probe.pinnedPerSecond(), 1e-9);
        }
        PinningProbe fileOn25 = find(25, "server-undertow-virtual", "file");
        assertEquals(40.0, fileOn25.idealPerSecond()); // 20 requests of 0.5 s
        assertEquals(10 / 3.0, fileOn25.perSecond(), 1e-9); // 10 answered in the 3 s deadline
        assertEquals(4.0, fileOn25.pinnedPerSecond()); // 2 carriers, 0.5 s each
        // pinned: about carriers / wait, far below half the ideal
        assertTrue(fileOn25.perSecond() <= fileOn25.pinnedPerSecond());
    }

    @Test
    void theTalksTableReadsTheRecordedRun() {
        assertEquals(List.of(25, 21), recorded.jdks());
        assertEquals(
                List.of(TalkRow.SLEEP, TalkRow.MONITOR, TalkRow.FILE, TalkRow.FILE_SYNC, TalkRow.NATIVE),
                recorded.rows());
        assertEquals(
                "compensates: 75.1% of ideal, up to 21 carriers, 0 pinned events (1 servers)",
                recorded.verdict(TalkRow.FILE_SYNC, 25));
        assertEquals("pins: 8.3% of ideal, 0 pinned events (1 servers)", recorded.verdict(TalkRow.FILE, 25));
        assertEquals("pins: 8.3% of ideal, 12 pinned events (1 servers)", recorded.verdict(TalkRow.MONITOR, 21));
        String evidence = PinningVerdict.evidence(find(25, "server-undertow-virtual", "native"));
        assertTrue(
                evidence.contains("carriers / wait = 4.0 req/s") && evidence.contains("68 samples in native code"),
                evidence);
    }

    private static PinningProbe find(int jdk, String server, String kind) {
        return recorded.probes().stream()
                .filter(p -> p.jdkFeature() == jdk
                        && p.server().equals(server)
                        && p.kind().equals(kind))
                .findFirst()
                .orElseThrow();
    }
}
