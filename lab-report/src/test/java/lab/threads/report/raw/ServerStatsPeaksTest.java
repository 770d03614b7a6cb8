package lab.threads.report.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerStatsPeaksTest {

    @TempDir
    Path dir;

    @Test
    void peaksAreMaximaAndCountersAreLastMinusFirst() throws IOException {
        Path jsonl = dir.resolve(RunFolder.STATS_FILE);
        Files.writeString(jsonl, """
                {"sampledAtMs":1,"variant":"virtual","jdk":"25","inFlight":0,"peakInFlight":0,"platformThreads":20,"peakPlatformThreads":21,"osThreads":25,"rssBytes":100,"peakRssBytes":100,"cpuUserMs":1000,"cpuSystemMs":200,"processCpuMs":1200,"voluntaryContextSwitches":10,"involuntaryContextSwitches":1,"openFiles":40,"maxOpenFiles":20000,"settings":{"port":8080}}
                {"sampledAtMs":2,"variant":"virtual","jdk":"25","inFlight":17000,"peakInFlight":18000,"platformThreads":30,"peakPlatformThreads":31,"osThreads":40,"rssBytes":900,"peakRssBytes":950,"cpuUserMs":5000,"cpuSystemMs":700,"processCpuMs":5700,"voluntaryContextSwitches":510,"involuntaryContextSwitches":31,"openFiles":19000,"maxOpenFiles":20000}
                {"sampledAtMs":3,"variant":"virtual","jdk":"25","inFlight":0,"peakInFlight":18000,"platformThreads":22,"peakPlatformThreads":31,"osThreads":28,"rssBytes":800,"peakRssBytes":950,"cpuUserMs":7000,"cpuSystemMs":900,"processCpuMs":7900,"voluntaryContextSwitches":1010,"involuntaryContextSwitches":41,"openFiles":45,"maxOpenFiles":20000}
                {"sampledAtMs":4,"variant":"virtual","inFl""");
        List<String> notes = new ArrayList<>();

        ServerStatsPeaks peaks = ServerStatsPeaks.read(jsonl, notes, 3L);

        assertEquals(
                new ServerStatsPeaks(
                        3,
                        "virtual",
                        "25",
                        18_000L,
                        40L,
                        31L,
                        950L,
                        19_000L,
                        20_000L,
                        6_000L,
                        700L,
                        6_700L,
                        1_000L,
                        40L,
                        Map.of("port", 8080),
                        null),
                peaks);
        assertEquals(1, notes.size(), notes::toString);
    }

    @Test
    void linuxOnlyFieldsAbsentStayNull() throws IOException {
        Path jsonl = dir.resolve(RunFolder.STATS_FILE);
        Files.writeString(jsonl, """
                {"variant":"pool","inFlight":3,"peakInFlight":5,"platformThreads":9,"peakPlatformThreads":9,"processCpuMs":10}
                {"variant":"pool","inFlight":1,"peakInFlight":7,"platformThreads":12,"peakPlatformThreads":12,"processCpuMs":25}
                """);

        ServerStatsPeaks peaks = ServerStatsPeaks.read(jsonl, new ArrayList<>(), null);

        assertEquals(7L, peaks.peakInFlight());
        assertEquals(12L, peaks.peakPlatformThreads());
        assertEquals(15L, peaks.processCpuMs());
        assertNull(peaks.peakOsThreads());
        assertNull(peaks.peakRssBytes());
        assertNull(peaks.cpuUserMs());
        assertNull(peaks.voluntaryContextSwitches());
    }

    @Test
    void aServerThatStoppedAnsweringBeforeTheLoadEndedIsSilentAtTheEnd() throws IOException {
        Path jsonl = dir.resolve(RunFolder.STATS_FILE);
        Files.writeString(jsonl, """
                {"sampledAtMs":1000,"osThreads":20}
                {"sampledAtMs":2000,"osThreads":3650}
                """);

        ServerStatsPeaks silent = ServerStatsPeaks.read(jsonl, new ArrayList<>(), 60_000L);
        ServerStatsPeaks answering =
                ServerStatsPeaks.read(jsonl, new ArrayList<>(), 2_000L + ServerStatsPeaks.SILENCE_MS);

        assertEquals(58.0, silent.silentAtEndSeconds());
        assertEquals("≥ ", silent.lowerBoundMark());
        assertNull(answering.silentAtEndSeconds());
        assertEquals("", answering.lowerBoundMark());
    }
}
