package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import lab.threads.model.samples.Sample;
import lab.threads.report.JtlFixture;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The soak's verdict on made-up /stats series: a flat server passes, a leak of files or memory is named. */
class SoakCheckTest {
    private static final long MB = 1024 * 1024;
    private static final int MINUTES = 10;

    @TempDir
    Path dir;

    @Test
    void aServerWhoseResourcesOnlyJitterIsFlat() throws IOException {
        // A warm-up climb for 2 minutes, then jitter around a level.
        SoakCheck check = check(second -> second < 120 ? second : 120 + second % 7, 0);
        assertTrue(check.passed(), check.toString());
        assertEquals(4, check.trends().size());
        assertEquals(MINUTES * 60 - 31 - 120, check.window(), 1.0);
    }

    @Test
    void aDescriptorLeakIsNotFlat() throws IOException {
        // One file more every 2 s after the warm-up: 30 a minute, 240 over the 8-minute window; allowed: 5% of ~300.
        SoakCheck check = check(second -> 120 + second / 2, 0);
        SoakCheck.Trend files = check.trends().stream()
                .filter(trend -> trend.resource().equals("open files"))
                .findFirst()
                .orElseThrow();
        assertFalse(files.flat(), files.describe());
        assertEquals(30, files.slopePerMinute(), 0.5);
        assertFalse(check.passed());
        assertTrue(files.describe().contains("GROWS"), files.describe());
    }

    @Test
    void oneFailedRequestFailsTheSoak() throws IOException {
        assertFalse(check(second -> 120, 1).passed());
    }

    /** Ten minutes of snapshots a second; every series follows {@code level} (files, threads; MB for the memories). */
    private SoakCheck check(LongUnaryOperator level, long errors) throws IOException {
        List<String> lines = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (long second = 0; second < MINUTES * 60; second++) {
            long value = level.applyAsLong(second);
            lines.add(json.writeValueAsString(Map.of(
                    "sampledAtMs",
                    1_000_000 + second * 1000,
                    "rssBytes",
                    (500 + value) * MB,
                    "heapAfterGcBytes",
                    (100 + value) * MB,
                    "openFiles",
                    100 + value,
                    "osThreads",
                    30 + value)));
        }
        Files.write(dir.resolve(RunFolder.STATS_FILE), lines);
        // Requests sent from the first second to the last; the stats go on 30 s longer (the drain), left out.
        JtlFixture.write(
                dir.resolve(RunFolder.SAMPLES_FILE),
                List.of(
                        new Sample(1_000_000, 1000, "200", "OK", true, 100, 100, 1, 0, null, null),
                        new Sample(
                                1_000_000 + (MINUTES * 60 - 31) * 1000L,
                                1000,
                                "200",
                                "OK",
                                true,
                                100,
                                100,
                                1,
                                0,
                                null,
                                null)));
        ServerSummary summary = json.readValue(
                """
                {"server": "server-x", "outcome": "ok", "summary": {"samples": 180000}, "errorsByCause": %s}
                """.formatted(errors == 0 ? "{}" : "{\"server: HTTP 503\": " + errors + "}"), ServerSummary.class);
        return SoakCheck.read(summary.server(), summary.summary().samples(), summary.failedSamples(), dir, 120);
    }
}
