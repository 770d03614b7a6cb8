package lab.threads.report.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.report.RecordingFixture;
import lab.threads.report.ReportWriter;
import lab.threads.report.RunFixture;
import lab.threads.report.page.ProfileSection;
import lab.threads.report.summary.RunReport;
import lab.threads.run.JvmSide;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM's counts and the flame graph from a real recording made with the lab's settings (see
 * {@link RecordingFixture}), and the report's section built from them; and nothing of it for a run without recordings.
 */
class JvmProfileTest {

    @TempDir
    Path dir;

    @Test
    void aVirtualThreadBlockedUnderANativeFrameIsCountedAsPinnedWithItsStackNamed() throws IOException {
        JvmCounts counts = JvmRecording.read(RecordingFixture.copyTo(dir.resolve("server.jfr")));

        assertTrue(counts.pinned() >= 1, "pinned: " + counts);
        assertTrue(counts.pinnedMs() > 0, "pinned time: " + counts);
        assertTrue(counts.virtualThreadsStarted() >= 1, "the pinned thread was a virtual one: " + counts);
        JvmCounts.PinnedStack top = counts.topPinnedStack();
        assertTrue(
                top.frames()
                        .getFirst()
                        .contains(RecordingFixture.class.getName() + "." + RecordingFixture.PINNING_METHOD),
                "the first frame outside the JDK is the code that blocked: " + top);
        assertTrue(top.reason().contains("Native"), "the JVM's reason: " + top);
    }

    @Test
    void aHotMethodTopsTheFramesAndIsInTheFlameGraph() throws IOException {
        RecordingFixture.copyTo(dir.resolve(JvmSide.SERVER.recording()));
        List<String> notes = new ArrayList<>();

        JvmProfile profile = JvmProfile.read(dir, "server-test", notes);

        assertEquals(List.of(), notes);
        assertNull(profile.client(), "no client.jfr in the folder");
        JvmCounts server = profile.server();
        JvmCounts.HotFrame hottest = server.hotFrames().getFirst();
        assertTrue(
                hottest.frame().endsWith("." + RecordingFixture.HOT_METHOD),
                "the hottest frame: " + server.hotFrames());
        assertTrue(hottest.percent() > 0 && hottest.percent() <= 100, hottest::toString);
        assertTrue(server.hotFrames().size() <= JvmRecording.HOT_FRAMES);
        assertTrue(server.threadsStarted() >= 1, "the hot thread's start: " + server);
        assertTrue(
                server.collections() >= 1 && server.gcPauseMs() > 0 && server.longestGcPauseMs() <= server.gcPauseMs(),
                "System.gc()'s collection and its pause: " + server);
        assertTrue(server.safepoints() >= 1 && server.safepointMs() > 0, "the collection's safepoint: " + server);
        assertTrue(server.allocationMbPerSecond() > 0, "allocation samples: " + server);
        assertEquals(0, server.submitFailed());

        String flameGraph = Files.readString(dir.resolve(JvmSide.SERVER.flameGraph()));
        assertTrue(flameGraph.contains(RecordingFixture.HOT_METHOD), "the flame graph has the hot frame");
        assertTrue(flameGraph.contains("server-test: server CPU"), "its title");
        assertFalse(
                flameGraph.contains("<script src") || flameGraph.contains("<link"), "self-contained: opens offline");
    }

    @Test
    void aCutRecordingIsANoteNotAFailure() throws IOException {
        Path recording = RecordingFixture.copyTo(dir.resolve(JvmSide.CLIENT.recording()));
        byte[] whole = Files.readAllBytes(recording);
        Files.write(recording, java.util.Arrays.copyOf(whole, whole.length / 3));
        List<String> notes = new ArrayList<>();

        assertNull(JvmProfile.read(dir, "server-test", notes));
        assertTrue(notes.getFirst().startsWith("client.jfr could not be read"), notes::toString);
    }

    @Test
    void aProfiledRunHasTheSectionTheCountsAndTheFlameGraphsInEveryFile() throws IOException {
        RunReport report = RunFixture.profiled(dir);
        ReportWriter.writeAll(report, dir);

        String html = Files.readString(dir.resolve(RunFolder.HTML_FILE));
        assertTrue(html.contains("<section id=\"profile\">") && html.contains(ProfileSection.TITLE), "the section");
        assertTrue(html.contains("id=\"jvm-counts\""), "the counts side by side");
        assertTrue(
                html.contains("<iframe loading=\"lazy\" src=\"server-virtual/server-flame.html\""),
                "the flame graph, embedded");
        assertTrue(html.contains(RecordingFixture.HOT_METHOD), "the top frames");
        assertTrue(html.contains(RecordingFixture.PINNING_METHOD), "the pinning stack");
        for (String server : RunFixture.SERVERS) {
            assertTrue(Files.isRegularFile(dir.resolve(server).resolve(JvmSide.CLIENT.flameGraph())), server);
        }
        String markdown = Files.readString(dir.resolve(RunFolder.SUMMARY_MARKDOWN_FILE));
        assertTrue(
                markdown.contains("## " + ProfileSection.TITLE) && markdown.contains(RecordingFixture.HOT_METHOD),
                markdown);
        var json = new ObjectMapper()
                .readTree(dir.resolve(RunFolder.SUMMARY_JSON_FILE).toFile());
        assertTrue(
                json.at("/servers/0/profile/server/pinned").asLong() >= 1,
                json.at("/servers/0/profile").toString());
        assertTrue(
                json.at("/servers/0/profile/client/hotFrames/0/frame").asText().endsWith(RecordingFixture.HOT_METHOD));
        RunReport readBack = new ObjectMapper()
                .readValue(dir.resolve(RunFolder.SUMMARY_JSON_FILE).toFile(), RunReport.class);
        assertEquals(
                report.servers().getFirst().profile(),
                readBack.servers().getFirst().profile(),
                "summary.json reads back");
    }

    @Test
    void aRunWithoutRecordingsHasNoProfileAnywhere() throws IOException {
        ReportWriter.writeAll(RunFixture.threeServers(dir), dir);

        for (String file : List.of(
                RunFolder.HTML_FILE,
                RunFolder.SUMMARY_MARKDOWN_FILE,
                RunFolder.SUMMARY_JSON_FILE,
                RunFolder.SUMMARY_CSV_FILE)) {
            String text = Files.readString(dir.resolve(file));
            assertFalse(
                    text.contains(ProfileSection.TITLE)
                            || text.contains("\"profile\"")
                            || text.contains("flame")
                            || text.contains("pinned"),
                    file + " has no profile section, column or key");
        }
        for (String server : RunFixture.SERVERS) {
            assertFalse(Files.exists(dir.resolve(server).resolve(JvmSide.SERVER.flameGraph())), server);
        }
    }
}
