package lab.threads.report.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.report.runs.Spread;
import lab.threads.run.RunFolder;
import org.apache.maven.plugin.surefire.log.api.NullConsoleLogger;
import org.apache.maven.plugins.surefire.report.ReportTestCase;
import org.apache.maven.plugins.surefire.report.ReportTestSuite;
import org.apache.maven.plugins.surefire.report.TestSuiteXmlParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three files CI reads, from results made by hand; checks.xml read by a JUnit reader that is not the lab's:
 * Maven Surefire's own report parser ({@code surefire-report-parser}, the one its report plugin reads test results
 * with).
 */
class ChecksReportTest {

    private static final String PAGE = "results/2026-11-28T20-00-00/index.html";

    private static CheckResult result(String server, String check, CheckStatus status, double value, double bound) {
        return new CheckResult(
                check,
                server,
                status,
                "p99",
                "ms",
                Spread.of(List.of(value)),
                bound,
                "one run against the bound",
                PAGE);
    }

    private static final List<CheckResult> RESULTS = List.of(
            result("server-virtual", "p99<=1.5x sleep", CheckStatus.PASSED, 1012, 1500),
            result("server-fixed-pool", "p99<=1.5x sleep", CheckStatus.BREACHED, 4870, 1500),
            result("server-fixed-pool", "p99<=<&\"'>", CheckStatus.INCONCLUSIVE, 4870, Double.NaN));

    @Test
    void aJUnitReaderNotTheLabsReadsASuitePerServerAndTheBreachWithItsFigureBoundAndPage(@TempDir Path dir)
            throws Exception {
        ChecksReport report = ChecksReport.of(RESULTS, Map.of("run", "results/x"));
        report.write(dir);

        List<ReportTestSuite> suites = new TestSuiteXmlParser(new NullConsoleLogger())
                .parse(dir.resolve(RunFolder.CHECKS_JUNIT_FILE).toString());

        assertEquals(
                List.of("server-virtual", "server-fixed-pool"),
                suites.stream().map(ReportTestSuite::getName).toList());
        ReportTestSuite virtual = suites.getFirst();
        assertEquals(1, virtual.getNumberOfTests());
        assertEquals(0, virtual.getNumberOfFailures());
        assertTrue(virtual.getTestCases().getFirst().isSuccessful());

        ReportTestSuite pool = suites.get(1);
        assertEquals(2, pool.getNumberOfTests());
        assertEquals(1, pool.getNumberOfFailures());
        assertEquals(1, pool.getNumberOfSkipped());
        ReportTestCase breached = pool.getTestCases().getFirst();
        assertEquals("p99<=1.5x sleep", breached.getName());
        assertTrue(breached.hasFailure());
        String message = breached.getFailureMessage();
        assertTrue(message.contains("p99 4,870 ms"), message);
        assertTrue(message.contains("bound 1,500 ms"), message);
        assertTrue(message.contains(PAGE), message);
        ReportTestCase inconclusive = pool.getTestCases().get(1);
        assertEquals("p99<=<&\"'>", inconclusive.getName(), "the check's text survives XML's escapes");
        assertTrue(inconclusive.hasSkipped());
        assertFalse(inconclusive.hasFailure());
    }

    @Test
    void theJsonAndTheMarkdownSayEachChecksStatusAndTheExitCode(@TempDir Path dir) throws Exception {
        ChecksReport report = ChecksReport.of(RESULTS, Map.of("run", "results/x"));
        Path markdown = report.write(dir);

        assertEquals(3, report.exitCode(), "a breach wins over the inconclusive check");
        JsonNode json = new ObjectMapper()
                .readTree(dir.resolve(RunFolder.CHECKS_JSON_FILE).toFile());
        assertEquals(3, json.get("exitCode").asInt());
        assertEquals(3, json.get("checks").size());
        assertEquals("breached", json.at("/checks/1/status").asText());
        assertEquals(4870.0, json.at("/checks/1/value/median").asDouble());

        List<String> lines = Files.readAllLines(markdown);
        assertEquals("# Checks: 1 passed, 1 breached, 1 inconclusive", lines.getFirst());
        assertEquals(
                3,
                lines.stream()
                        .filter(line -> line.startsWith("| ") && line.contains("`p99<="))
                        .count());
        assertTrue(
                lines.stream().anyMatch(line -> line.startsWith("| **breached** | server-fixed-pool |")),
                lines::toString);
    }

    @Test
    void thePagesFirstScreenShowsEachCheckOnceUnderItsHeading(@TempDir Path dir) throws Exception {
        Path page = Files.writeString(
                dir.resolve(RunFolder.HTML_FILE),
                "<html><body>\n<h1>Run summary</h1>\n<section id=\"headline\" data-first-screen>\n</section>\n");
        ChecksReport report = ChecksReport.of(RESULTS, Map.of("run", "results/x"));
        report.write(dir);
        report.write(dir); // judged again: replaced, not added

        String html = Files.readString(page);
        assertEquals(1, html.split("<section id=\"checks\"", -1).length - 1, html);
        assertTrue(html.indexOf("<section id=\"checks\"") > html.indexOf("</h1>"), html);
        assertTrue(html.indexOf("<section id=\"checks\"") < html.indexOf("<section id=\"headline\""), html);
        for (String status : List.of("passed", "breached", "inconclusive")) {
            assertTrue(html.contains("<b>" + status + "</b>"), status + " in " + html);
        }
        assertTrue(html.contains("p99&lt;=&lt;&amp;&quot;&#39;&gt;"), "the check's text escaped: " + html);
    }
}
