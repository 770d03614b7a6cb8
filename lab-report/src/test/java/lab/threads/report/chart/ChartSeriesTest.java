package lab.threads.report.chart;

import static lab.threads.report.JtlFixture.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.LongStream;
import lab.threads.model.samples.Sample;
import lab.threads.report.JtlFixture;
import lab.threads.report.RunFixture;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartSeriesTest {

    @TempDir
    Path serverDir;

    @Test
    void samplesCountInTheSecondTheyEndEmptySecondsIncluded() throws IOException {
        writeJtl(List.of(
                new Sample(START, 500, "200", "", true, 100, 10, 5, 0, null, null),
                new Sample(START + 200, 900, "200", "", true, 100, 10, 7, 0, null, null),
                new Sample(START + 300, 1_500, "503", "", false, 100, 10, 6, 0, null, null),
                new Sample(START + 3_000, 10, "200", "", true, 100, 10, 2, 0, null, null)));

        ServerCharts charts = ServerCharts.read("s", serverDir, RunFixture.PLAN);

        assertEquals(START, charts.runStartMs());
        assertEquals(
                List.of(
                        new SampleSecond(0, 1, 0, 500L, 500L, 5),
                        new SampleSecond(1, 2, 1, 900L, 1_500L, 7),
                        new SampleSecond(2, 0, 0, null, null, null),
                        new SampleSecond(3, 1, 0, 10L, 10L, 2)),
                charts.samples());
    }

    @Test
    void percentilesPerSecondAreJMetersNearestRankFromTheEarliestStart() throws IOException {
        List<Sample> samples = new ArrayList<>();
        // The earliest start ends last, so it is the file's last line: second 0 must still be its start.
        samples.add(new Sample(START, 5_999, "200", "", true, 100, 10, 101, 0, null, null));
        LongStream.rangeClosed(1, 100)
                .forEach(elapsed ->
                        samples.add(new Sample(START + 5_000, elapsed, "200", "", true, 100, 10, 50, 0, null, null)));

        ServerCharts charts = ServerCharts.read("s", writeJtl(samples), RunFixture.PLAN);

        assertEquals(6, charts.samples().size());
        // 101 values 1..100 and 5,999: ranks round(101 x 0.5) = 51 and round(101 x 0.99f) = 100.
        assertEquals(
                new SampleSecond(5, 101, 0, 51L, 100L, 101), charts.samples().get(5));
        assertEquals(0, charts.samples().get(4).samples());
    }

    @Test
    void statsShareTheSamplesTimeAxisAndCpuIsPercentOfOneCoreOverTheRealInterval() throws IOException {
        writeJtl(List.of(new Sample(START, 100, "200", "", true, 100, 10, 1, 0, null, null)));
        Files.writeString(serverDir.resolve(RunFolder.STATS_FILE), """
                {"sampledAtMs":%d,"osThreads":20,"rssBytes":104857600,"cpuUserMs":1000,"cpuSystemMs":100}
                {"osThreads":999}
                {"sampledAtMs":%d,"osThreads":2000,"rssBytes":209715200,"cpuUserMs":1400,"cpuSystemMs":200,"inFlight":7}
                {"sampledAtMs":%d,"osThreads":21,"cpuUserMs":2400,"cpuSystemMs":1200}
                {"sampledAtMs":%d,"osThr""".formatted(
                        START - 1_000, START + 1_000, START + 3_000, START + 4_000));

        List<StatsPoint> stats =
                ServerCharts.read("s", serverDir, RunFixture.PLAN).stats();

        assertEquals(
                List.of(
                        // 500 ms of CPU in 2 s is a quarter of one core; 2,000 ms in 2 s a whole one.
                        new StatsPoint(-1.0, 20L, 100.0, null, null),
                        new StatsPoint(1.0, 2_000L, 200.0, 25.0, 7L),
                        new StatsPoint(3.0, 21L, null, 100.0, null)),
                stats);
    }

    @Test
    void anOpenRunsArrivalsAgainstWhatItsScheduleOfferedCountedByHand() throws IOException {
        // 4/s reached over a 2 s ramp, then 3 s at 4/s: due by schedule second t, t^2 arrivals in the ramp, then 4 +
        // 4(t - 2).
        PlanShape plan = PlanShape.open(4, 2, 3, 500);
        // The schedule began 500 ms before the first sample (the client's line: sampled at START + 500, 1 s into it).
        Files.writeString(
                serverDir.resolve(RunFolder.CLIENT_STATS_FILE),
                "{\"sampledAtMs\":%d,\"elapsedMs\":1000}\n".formatted(START + 500));
        writeJtl(List.of(
                ok(0, 500),
                ok(600, 500), // run second 0
                ok(1_000, 500),
                ok(1_300, 500),
                new Sample(START + 1_800, 2_500, "503", "", false, 100, 10, 3, 0, null, null),
                ok(2_100, 500),
                ok(2_400, 500),
                ok(2_700, 500),
                ok(2_900, 500),
                ok(3_200, 500),
                ok(3_500, 1_500),
                ok(3_900, 500), // one short of 4
                ok(4_100, 500),
                ok(4_200, 500)));

        List<ArrivalSecond> arrivals = ServerCharts.read("s", serverDir, plan).arrivals();

        assertEquals(
                List.of(
                        // offered: schedule seconds 0.5-1.5: 1.5^2 - 0.5^2; 1.5-2.5: 6 - 2.25; then 4 a second; 4.5-5:
                        // 16 - 14.
                        // in flight at each second's end: started by then minus ended by then.
                        new ArrivalSecond(0, 2.0, 2, 0, 500L, 500L, 2),
                        // The 503 after 2.5 s counts in the second it arrived, however late it ended.
                        new ArrivalSecond(1, 3.75, 3, 1, 500L, 2_500L, 1),
                        new ArrivalSecond(2, 4.0, 4, 0, 500L, 500L, 3),
                        new ArrivalSecond(3, 4.0, 3, 0, 500L, 1_500L, 3),
                        new ArrivalSecond(4, 2.0, 2, 0, 500L, 500L, 0)),
                arrivals);
        assertEquals(
                List.of(), ServerCharts.read("s", serverDir, RunFixture.PLAN).arrivals(), "a closed plan has none");
    }

    private static Sample ok(long startOffsetMs, long elapsedMs) {
        return new Sample(START + startOffsetMs, elapsedMs, "200", "", true, 100, 10, 3, 0, null, null);
    }

    @Test
    void noSamplesNoSeries() {
        ServerCharts charts = ServerCharts.read("s", serverDir, RunFixture.PLAN);

        assertNull(charts.runStartMs());
        assertEquals(List.of(), charts.samples());
        assertEquals(List.of(), charts.stats());
    }

    /** In end order, as JMeter writes them. */
    private Path writeJtl(List<Sample> samples) throws IOException {
        JtlFixture.write(
                serverDir.resolve(RunFolder.SAMPLES_FILE),
                samples.stream()
                        .sorted(Comparator.comparingLong(Sample::endTime))
                        .toList());
        return serverDir;
    }
}
