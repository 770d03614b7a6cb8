package lab.threads.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import lab.threads.report.ReportWriter;
import lab.threads.report.RunFixture;
import lab.threads.report.chart.ChartsSection;
import lab.threads.report.runs.ComparedRun;
import lab.threads.report.runs.ComparisonReport;
import lab.threads.report.runs.ResultsFixture;
import lab.threads.report.runs.RunComparison;
import lab.threads.report.runs.RunIndex;
import lab.threads.run.JvmSide;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens a generated index.html in a real headless Chromium, offline, from file://, and checks what charts.js marks
 * on the page: every chart drew data and nothing reported an error; and, in a 1280-pixel window, that the run's page,
 * the index of all runs and a comparison are no wider than the window. Skipped where no Chromium is installed
 * (Debian: {@code apt-get install -y chromium}). Leaves the page and its screenshot in target/chromium-check. One
 * Chromium, started by the first test, opens every page of the class, each once, in a browser context of its own, for
 * both its DOM and its screenshot ({@link HeadlessChromium}): each start costs seconds of CPU, nine starts took 55-82 s.
 */
class IndexPageInChromiumTest {

    private static final List<String> BINARIES = List.of("chromium", "chromium-browser", "google-chrome");
    private static final long TIMEOUT_SECONDS = 45;
    private static final Path OUT = Path.of("target", "chromium-check").toAbsolutePath();
    private static final List<String> FLAGS = List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            // Any host lookup fails, so a page that needed the network would show it here.
            "--host-resolver-rules=MAP * ~NOTFOUND");

    @TempDir
    static Path profile;

    private static HeadlessChromium browser;

    @AfterAll
    static void stopTheBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void everyChartRendersWithoutErrorsOffline() throws IOException, InterruptedException {
        Optional<Path> chromium = findChromium();
        assumeTrue(
                chromium.isPresent(),
                "no Chromium on the PATH (" + BINARIES
                        + "): real-browser check skipped; on Debian: apt-get install -y chromium");
        deleteRecursively(OUT);
        ReportWriter.writeAll(RunFixture.threeServers(OUT), OUT);
        String page = OUT.resolve(RunFolder.HTML_FILE).toUri().toString();

        Path screenshot = OUT.resolve("index.png");
        String dom = open(chromium.get(), "dom", page, 1400, 2400, screenshot);

        // charts.js marks <body>; the page's own text mentions the attribute names, so only the tag counts.
        String body = bodyTag(dom);
        assertTrue(body.contains("data-charts-rendered=\"" + ChartsSection.FIGURES.size() + "\""), body);
        assertFalse(body.contains("data-chart-errors"), body);
        assertTrue(Files.size(screenshot) > 50_000, "a screenshot with charts in it: " + screenshot);
    }

    @Test
    void inA1280By800WindowTheAnswerAndAChartShowWithoutScrollingTheEvidenceIsFoldedAndNothingIsWider()
            throws IOException, InterruptedException {
        Optional<Path> chromium = findChromium();
        assumeTrue(chromium.isPresent(), "no Chromium on the PATH (" + BINARIES + "): real-browser check skipped");
        Path dir = OUT.resolveSibling("chromium-check-1280");
        deleteRecursively(dir);
        // A fresh run's metadata holds property names and values with no place to break a line at.
        ReportWriter.writeAll(
                RunFixture.withMetadata(
                        RunFixture.threeServers(dir),
                        java.util.Map.of(
                                "jdk", "25", "jvm", "-D" + "jdk.internal.httpclient.hostnameVerification.".repeat(8))),
                dir);
        String page = dir.resolve(RunFolder.HTML_FILE).toUri().toString();

        String dom = open(chromium.get(), "dom-1280", page, 1280, 800, dir.resolve("index-1280.png"));
        String body = bodyTag(dom);

        assertTrue(number(body, "data-page-width") <= 1280, "no table wider than the window: " + body);
        assertTrue(
                body.contains("data-on-first-screen=\"headline glance\""),
                "the answer, a sentence per server and the glance bars end on the first screen: " + body);
        String validity = dom.substring(dom.indexOf("<section id=\"validity\">"));
        validity = validity.substring(0, validity.indexOf("</section>"));
        assertEquals(
                RunFixture.SERVERS.size(),
                validity.split("<details><summary>", -1).length - 1,
                "each verdict's evidence folded, none open: " + validity);
        assertTrue(
                dom.contains("<h2>Where the time went</h2>") && dom.contains("class=\"stack\""),
                "the time section is drawn");
    }

    @Test
    void aProfiledRunsPageWithItsFlameGraphsIsNoWiderThanA1280WindowAndTheFlameGraphDraws()
            throws IOException, InterruptedException {
        Optional<Path> chromium = findChromium();
        assumeTrue(chromium.isPresent(), "no Chromium on the PATH (" + BINARIES + "): real-browser check skipped");
        Path dir = OUT.resolveSibling("chromium-check-profile");
        deleteRecursively(dir);
        ReportWriter.writeAll(RunFixture.profiled(dir), dir);
        String page = dir.resolve(RunFolder.HTML_FILE).toUri().toString();

        String dom = open(chromium.get(), "dom-profile", page, 1280, 8000, dir.resolve("index-1280.png"));

        assertTrue(
                number(bodyTag(dom), "data-page-width") <= 1280,
                "the profile section within the window: " + bodyTag(dom));
        assertTrue(
                dom.contains("<section id=\"profile\">") && dom.contains("<iframe"), "the section and its flame graph");
        // async-profiler's page draws its canvas from inline data: a blank one would be a near-empty picture.
        Path flameGraph = dir.resolve(RunFixture.SERVERS.getFirst()).resolve(JvmSide.SERVER.flameGraph());
        Path flameShot = dir.resolve("flame-1280.png");
        open(chromium.get(), "screenshot-flame", flameGraph.toUri().toString(), 1280, 800, flameShot);
        assertTrue(Files.size(flameShot) > 20_000, "a flame graph drawn offline: " + flameShot);
    }

    @Test
    void theRunIndexAndAComparisonAreNoWiderThanA1280Window(@TempDir Path fixture)
            throws IOException, InterruptedException {
        Optional<Path> chromium = findChromium();
        assumeTrue(chromium.isPresent(), "no Chromium on the PATH (" + BINARIES + "): real-browser check skipped");
        Path results = OUT.resolveSibling("chromium-check-runs");
        deleteRecursively(results);
        ResultsFixture.fill(results, RunFixture.threeServers(fixture));
        Path sweep = results.resolve(ResultsFixture.SWEEP);
        Path index = RunIndex.write(results);
        Path comparison = ComparisonReport.write(
                RunComparison.of(
                        ComparedRun.read(sweep.resolve("users-100")), ComparedRun.read(sweep.resolve("users-200"))),
                results.resolve("compare-1280"));

        for (Path page : List.of(index, comparison)) {
            String name = page.getFileName().toString().replace(".html", "");
            String body = bodyTag(open(
                    chromium.get(),
                    "dom-" + name,
                    page.toUri().toString(),
                    1280,
                    800,
                    page.resolveSibling(name + "-1280.png")));
            assertTrue(number(body, "data-page-width") <= 1280, page + ": nothing wider than the window: " + body);
        }
    }

    /**
     * Thirteen servers (every variant the lab will have): the run's page, its sweep page and a comparison stay within a
     * 1280-pixel window, every chart draws, and no two servers share a colour.
     */
    @Test
    void thirteenServersFitA1280WindowOnTheRunSweepAndComparisonPages(@TempDir Path fixture)
            throws IOException, InterruptedException {
        Optional<Path> chromium = findChromium();
        assumeTrue(chromium.isPresent(), "no Chromium on the PATH (" + BINARIES + "): real-browser check skipped");
        Path results = OUT.resolveSibling("chromium-check-thirteen");
        deleteRecursively(results);
        Path run = results.resolve("run");
        lab.threads.report.summary.RunReport thirteen = RunFixture.servers(run, RunFixture.THIRTEEN);
        ReportWriter.writeAll(thirteen, run);
        ResultsFixture.fill(results, RunFixture.servers(fixture, RunFixture.THIRTEEN));
        Path sweep = results.resolve(ResultsFixture.SWEEP);
        java.util.Map<String, List<lab.threads.report.summary.ServerSummary>> byLevel = new java.util.LinkedHashMap<>();
        byLevel.put("100", thirteen.servers());
        byLevel.put("200", thirteen.servers());
        lab.threads.report.runs.SweepReport.write(
                sweep,
                RunFixture.record(java.util.Map.of("sweep", "users=100,200")),
                lab.threads.report.runs.SweepPoint.all("users", byLevel),
                List.of());
        Path comparison = ComparisonReport.write(
                RunComparison.of(
                        ComparedRun.read(sweep.resolve("users-100")), ComparedRun.read(sweep.resolve("users-200"))),
                results.resolve("compare-1280"));

        java.util.Map<Path, String> bodies = new java.util.LinkedHashMap<>();
        for (Path page : List.of(run.resolve(RunFolder.HTML_FILE), sweep.resolve(RunFolder.HTML_FILE), comparison)) {
            String name = page.getParent().getFileName() + "-"
                    + page.getFileName().toString().replace(".html", "");
            String body = bodyTag(open(
                    chromium.get(),
                    "dom-13-" + name,
                    page.toUri().toString(),
                    1280,
                    4000,
                    page.resolveSibling(name + "-1280.png")));
            assertTrue(number(body, "data-page-width") <= 1280, page + ": nothing wider than the window: " + body);
            assertFalse(body.contains("data-chart-errors"), body);
            bodies.put(page, body);
        }
        String runBody = bodies.get(run.resolve(RunFolder.HTML_FILE));
        assertTrue(
                runBody.contains("data-charts-rendered=\"" + ChartsSection.FIGURES.size() + "\""),
                "every chart of the run drew its thirteen series: " + runBody);
        List<String> colors = lab.threads.report.chart.ServerPalette.colors(RunFixture.THIRTEEN);
        assertTrue(colors.stream().distinct().count() == RunFixture.THIRTEEN.size(), "no colour twice: " + colors);
    }

    private static int number(String bodyTag, String attribute) {
        java.util.regex.Matcher value =
                java.util.regex.Pattern.compile(attribute + "=\"(\\d+)\"").matcher(bodyTag);
        assertTrue(value.find(), attribute + " marked on " + bodyTag);
        return Integer.parseInt(value.group(1));
    }

    private Optional<Path> findChromium() {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .flatMap(dir -> BINARIES.stream().map(name -> Path.of(dir, name)))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /**
     * Opens {@code page} in the class's Chromium (started on first use) in a {@code width} x {@code height} window,
     * writes its screenshot, and keeps its DOM as {@code target/chromium-check/<step>.out}; the browser's stderr goes to
     * {@code target/chromium-check.log}, which no test deletes.
     *
     * @return the page's DOM once loaded, as {@code --dump-dom} prints it
     */
    private static String open(Path chromium, String step, String page, int width, int height, Path screenshot)
            throws IOException, InterruptedException {
        Files.createDirectories(OUT); // any test may run first
        if (browser == null) {
            browser = HeadlessChromium.start(
                    chromium, FLAGS, profile, OUT.resolveSibling("chromium-check.log"), TIMEOUT_SECONDS);
        }
        String dom = browser.open(page, width, height, screenshot);
        Files.writeString(OUT.resolve(step + ".out"), dom);
        return dom;
    }

    private static String bodyTag(String dom) {
        int start = dom.indexOf("<body");
        return start < 0 ? "no <body> in: " + dom : dom.substring(start, dom.indexOf('>', start) + 1);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path path : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount())
                        .toList()) {
                    Files.delete(path);
                }
            }
        }
    }
}
