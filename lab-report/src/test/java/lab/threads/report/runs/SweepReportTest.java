package lab.threads.report.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.report.JtlFixture;
import lab.threads.report.RunFixture;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.Verdict;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepReportTest {

    @TempDir
    Path dir;

    @Test
    void spreadIsTheMedianWithItsRange() {
        assertEquals(new Spread(3, 1, 9, 3), Spread.of(9, 1, 3));
        assertEquals(new Spread(4, 1, 9, 4), Spread.of(9, 1, 3, 5), "even count: mean of the middle two");
        assertEquals(new Spread(7, 7, 7, 1), Spread.of(7));
        assertEquals(2, Spread.of(5, Double.NaN, 1).runs(), "absent figures are skipped, not counted as 0");
        assertEquals(0, Spread.of(Double.NaN).runs());
    }

    @Test
    void aSweepPointAggregatesTheRepeatsOfOneServerAtOneLevel() throws IOException {
        List<ServerSummary> repeats =
                List.of(summary("r1", 1, 3_000), summary("r2", 2, 3_000), summary("r3", 3, 1_500));
        SweepPoint point = SweepPoint.of("server-virtual", "users", "1000", repeats);

        double[] throughputs = repeats.stream()
                .mapToDouble(r -> r.summary().throughput())
                .sorted()
                .toArray();
        assertEquals(
                new Spread(throughputs[1], throughputs[0], throughputs[2], 3),
                point.figures().get("throughput"));
        double[] p99s = repeats.stream()
                .mapToDouble(r -> r.percentiles().p99())
                .sorted()
                .toArray();
        assertEquals(p99s[1], point.figures().get("p99").median());
        assertEquals(
                List.copyOf(SweepPoint.FIGURES.keySet()),
                List.copyOf(point.figures().keySet()));
    }

    @Test
    void theKneeIsTheFirstLevelBelow90PercentOfIdealOrAbove1PercentErrors() {
        List<SweepPoint> points = List.of(
                point("server-pool", "1000", 99, 0),
                point("server-pool", "5000", 95, 1.5),
                point("server-pool", "10000", 60, 0),
                point("server-virtual", "1000", 99, 0),
                point("server-virtual", "5000", 97, 0),
                point("server-platform", "1000", 89.9, 0));
        assertEquals(
                List.of(
                        "server-pool bends at users=5000: 95% of the ideal throughput, 1.50% errors",
                        "server-virtual holds at every level (>= 90% of the ideal, <= 1% errors)",
                        "server-platform bends at users=1000: 89.90% of the ideal throughput, 0.00% errors"),
                SweepReport.kneeLines(points));
    }

    @Test
    void aSweepWithoutAnIdealNamesNoKnee() {
        List<SweepPoint> points = List.of("10", "100", "1000").stream()
                .map(level -> new SweepPoint(
                        "server-async",
                        "connections",
                        level,
                        Map.of("percentOfIdeal", Spread.of(Double.NaN), "errorPercent", Spread.of(0)),
                        List.of(Verdict.NO_CLIENT_LIMIT),
                        Map.of(),
                        Map.of()))
                .toList();

        assertEquals(
                List.of("server-async has no ideal to bend from (a 0 ms sleep): its req/s per level is in the table, "
                        + "and each run's verdict says which side bounded it"),
                SweepReport.kneeLines(points));
    }

    @Test
    void aKneeWhereTheClientWasTheBottleneckSaysSo() {
        SweepPoint holds = point("server-pool", "1000", 99, 0);
        SweepPoint bends = new SweepPoint(
                "server-pool",
                "rate",
                "2500",
                Map.of("percentOfIdeal", Spread.of(64.74), "errorPercent", Spread.of(0)),
                List.of(Verdict.CLIENT_BOUND, Verdict.NO_CLIENT_LIMIT, Verdict.CLIENT_BOUND),
                Map.of(),
                Map.of());

        assertEquals(
                List.of(
                        "server-pool bends at users=2500: 64.74% of the ideal throughput, 0.00% errors; but the client "
                                + "was the bottleneck in 2 of 3 run(s) there, so this bend may be the client's, not the server's"),
                SweepReport.kneeLines(List.of(holds, bends)));
    }

    @Test
    void latencyAgainstAchievedRateMarksEachServersKnee() {
        List<SweepPoint> points = List.of(
                point("server-pool", "100", 99, 0),
                point("server-pool", "200", 80, 0),
                point("server-pool", "300", 60, 0),
                point("server-virtual", "100", 99, 0),
                point("server-virtual", "200", 97, 0));

        Map<String, List<Map<String, Object>>> curves = SweepReport.latencyVsRate(points);

        assertEquals(
                List.of(false, true, false),
                curves.get("server-pool").stream().map(p -> p.get("knee")).toList());
        assertEquals(
                List.of(false, false),
                curves.get("server-virtual").stream().map(p -> p.get("knee")).toList());
        // x: the achieved rate (throughput), y: p99, as the fixture sets them from the level.
        assertEquals(
                Map.of("x", 190.0, "y", 400.0, "level", "200", "knee", true),
                curves.get("server-pool").get(1));
    }

    /** A level whose throughput is 95% of it (req/s) and whose p99 is twice it (ms). */
    private static SweepPoint point(String server, String level, double percentOfIdeal, double errorPercent) {
        double rate = Double.parseDouble(level);
        return new SweepPoint(
                server,
                "users",
                level,
                Map.of(
                        "percentOfIdeal",
                        Spread.of(percentOfIdeal),
                        "errorPercent",
                        Spread.of(errorPercent),
                        "throughput",
                        Spread.of(rate * 0.95),
                        "p99",
                        Spread.of(rate * 2)),
                List.of(Verdict.NO_CLIENT_LIMIT),
                Map.of(),
                Map.of());
    }

    @Test
    void writesJsonMarkdownAndAChartPage() throws IOException {
        List<SweepPoint> points = List.of(
                SweepPoint.of("server-pool", "users", "100", List.of(summary("a", 4, 2_000))),
                SweepPoint.of("server-pool", "users", "1000", List.of(summary("b", 5, 2_000), summary("c", 6, 2_000))));
        SweepReport.write(
                dir, RunFixture.record(Map.of("date", "today")), points, List.of("users-100", "users-1000/repeat-1"));

        JsonNode json =
                new ObjectMapper().readTree(dir.resolve(SweepReport.JSON_FILE).toFile());
        assertEquals(2, json.get("points").size());
        assertEquals(2, json.at("/points/1/figures/throughput/runs").asInt());
        String markdown = Files.readString(dir.resolve(SweepReport.MARKDOWN_FILE));
        assertTrue(markdown.contains("| server-pool | 1000 |"), markdown);
        assertTrue(markdown.contains(" - "), "a range for two repeats: " + markdown);
        String page = Files.readString(dir.resolve(RunFolder.HTML_FILE));
        assertTrue(page.contains("chart-throughput")
                && page.contains("chart-p99")
                && page.contains("users-1000/repeat-1/index.html"));
        assertTrue(
                page.contains("chart-latency-vs-rate")
                        && page.contains("const curves={")
                        && page.contains("\"knee\" : "),
                page);
        assertTrue(!page.matches("(?s).*<script[^>]+src=\"https?:.*"), "no network");
    }

    @Test
    void theSweepPageNamesEveryPointWhereTheClientWasTheBottleneck() {
        SweepPoint clean = new SweepPoint(
                "server-virtual", "users", "1000", Map.of(), List.of(Verdict.NO_CLIENT_LIMIT), Map.of(), Map.of());
        SweepPoint bound = new SweepPoint(
                "server-virtual",
                "users",
                "20000",
                Map.of(),
                List.of(Verdict.CLIENT_BOUND, Verdict.NO_CLIENT_LIMIT, Verdict.CLIENT_BOUND),
                Map.of(),
                Map.of());
        assertEquals(List.of("No run showed the client as the bottleneck."), SweepReport.clientLines(List.of(clean)));
        assertEquals(
                List.of(
                        "server-virtual at users=20000: client-bound in 2 of 3 run(s); its case reports say when and how much"),
                SweepReport.clientLines(List.of(clean, bound)));
    }

    /**
     * A hello-world sweep (no ideal) gets seed 002's table: each side's CPU per request (its /proc series over the
     * load, here all of it spent in one second mid-run) and the errors by cause summed over the repeats.
     */
    @Test
    void aSweepWithNothingBlockingGetsSeed002sTable() throws IOException {
        PlanShape helloWorld = PlanShape.throughput(100, 10, 0);
        List<ServerSummary> repeats = List.of(
                helloWorldRun("h1", 7, 2_000, helloWorld, 3_000), helloWorldRun("h2", 8, 2_000, helloWorld, 5_000));
        SweepPoint point = SweepPoint.of("server-async", "connections", "100", repeats);

        // client 2 x the server's CPU: 3,000 and 5,000 ms for 2,000 requests each, medians of the two.
        assertEquals(2.0, point.figures().get("clientCpuMsPerRequest").median(), 1e-9);
        assertEquals(1.0, point.figures().get("serverCpuMsPerRequest").median(), 1e-9);
        assertEquals(0.75, point.figures().get("serverCpuMsPerRequest").min(), 1e-9);
        long failed = repeats.stream()
                .mapToLong(r -> r.errorsByCause().values().stream()
                        .mapToLong(Long::longValue)
                        .sum())
                .sum();
        assertEquals(
                failed,
                point.errorsByCause().values().stream()
                        .mapToLong(Long::longValue)
                        .sum());
        String markdown = SweepReport.markdown(List.of(point));
        assertTrue(markdown.contains("## " + Seed002Table.TITLE), markdown);
        assertTrue(markdown.contains("| server-async | 100 | "), markdown);
        assertTrue(markdown.contains("| client CPU ms/req |") && markdown.contains("2.000 [1.500 - 2.500]"), markdown);
        assertTrue(
                Seed002Table.section(List.of(point("server-pool", "100", 99, 0)))
                        .isEmpty(),
                "a sleep: no such table");
        assertEquals("none", Seed002Table.causes(Map.of()));
    }

    /** A recorded run whose client spent {@code clientCpuMs} and its server half that, all in one second mid-run. */
    private ServerSummary helloWorldRun(String name, long seed, int samples, PlanShape plan, long clientCpuMs)
            throws IOException {
        Path server = dir.resolve(name);
        JtlFixture.write(server.resolve(RunFolder.SAMPLES_FILE), JtlFixture.randomRun(seed, samples));
        for (String file : List.of(RunFolder.CLIENT_PROC_FILE, RunFolder.SERVER_PROC_FILE)) {
            long cpu = file.equals(RunFolder.CLIENT_PROC_FILE) ? clientCpuMs : clientCpuMs / 2;
            StringBuilder lines = new StringBuilder();
            for (int second = -5; second <= 60; second++) {
                lines.append(String.format(
                        "{\"sampledAtMs\":%d,\"cpuUserMs\":%d,\"cpuSystemMs\":0}%n",
                        JtlFixture.START + second * 1000L, second > 20 ? cpu : 0));
            }
            Files.writeString(server.resolve(file), lines);
        }
        return ServerSummary.from(name, server, plan, RunOutcome.fromWords("ok"));
    }

    private ServerSummary summary(String name, long seed, int samples) throws IOException {
        Path server = dir.resolve(name);
        JtlFixture.write(server.resolve(RunFolder.SAMPLES_FILE), JtlFixture.randomRun(seed, samples));
        return ServerSummary.from(name, server, RunFixture.PLAN, RunOutcome.fromWords("ok"));
    }
}
