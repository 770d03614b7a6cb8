package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.report.ReportWriter;
import lab.threads.report.RunFixture;
import lab.threads.report.runs.RunFiles;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The talk's published rows beside a recorded run of its three servers: counts and columns, not timings. */
class TalkComparisonTest {

    @TempDir
    Path runDir;

    @Test
    void theTalksRowsStandBesideThisRunsWithEachErrorCauseNamed() throws Exception {
        RunReport report = RunFixture.talkServers(runDir);
        TalkComparison talk = report.talk();

        assertEquals(
                List.of("server-jdk-thread", "server-jdk-pool", "server-jdk-virtual"),
                talk.rows().stream().map(TalkComparison.Row::server).toList());
        TalkComparison.Row thread = talk.rows().getFirst();
        assertEquals("dumb threads (new thread per request)", thread.label());
        assertEquals(60_000, thread.talk().samples());
        assertEquals(29.79, thread.talk().errorPercent());
        assertEquals(14_144, thread.talk().max());
        assertTrue(Double.isNaN(talk.rows().getLast().talk().avgBytes()), "cut off in the published table");
        ServerSummary measured = report.servers().getFirst();
        assertEquals(measured.summary(), thread.here(), "this run's row as the Summary Report computed it");
        assertEquals("stock: backlog 50, 200 idle connections kept, connections unlimited", thread.settings());

        // Every cause of the fixture's errors with its count and what the lab measured of it.
        Map<String, Long> causes = measured.errorsByCause();
        assertEquals(causes.size(), thread.errorCauses().size(), "one line per cause");
        for (Map.Entry<String, Long> cause : causes.entrySet()) {
            assertTrue(
                    thread.errorCauses().stream()
                            .anyMatch(line ->
                                    line.startsWith(String.format("%,d x %s", cause.getValue(), cause.getKey()))),
                    cause + " in " + thread.errorCauses());
        }
        assertTrue(thread.errorCauses().stream()
                .anyMatch(line -> line.contains("NoHttpResponseException")
                        && line.contains("at most 200 idle keep-alive connections")));
        assertTrue(thread.errorCauses().stream()
                .anyMatch(line -> line.contains("ConnectException") && line.contains("ListenOverflows")));
        assertTrue(thread.differences().stream()
                .anyMatch(line -> line.startsWith("throughput 1001.9/s in the talk (63% of the ideal 1,579/s")));
    }

    @Test
    void withTheLabsLimitsAConnectionClosedUnansweredIsTheConnectionLimitsNotTheIdleCaps() {
        Map<String, Object> lab = Map.of(
                "settings",
                "lab",
                "framework",
                Map.of("sun.net.httpserver.maxIdleConnections", 19_000, "jdk.httpserver.maxConnections", 19_000));
        TalkComparison.Measured measured =
                new TalkComparison.Measured("server-jdk-virtual", null, 43.8, Map.of(), null, null, lab, null);

        String line = TalkComparison.explain(
                "client: org.apache.http.NoHttpResponseException: 127.0.0.1:8089 failed to respond", 105, measured);
        assertTrue(line.startsWith("105 x client: org.apache.http.NoHttpResponseException"), line);
        assertTrue(line.contains("closes every connection beyond its 19000 open ones"), line);
    }

    @Test
    void noTableForAnotherPlanOrOtherServers() throws Exception {
        RunReport talkServers = RunFixture.talkServers(runDir.resolve("talk"));
        assertNull(new RunReport(RunRecord.NONE, PlanShape.closed(50, 5, 2, 1_000), talkServers.servers()).talk());
        assertNull(RunFixture.threeServers(runDir.resolve("design")).talk(), "the design's servers are not the talk's");
    }

    @Test
    void thePageTheMarkdownAndSummaryJsonCarryIt() throws Exception {
        RunReport report = RunFixture.talkServers(runDir);
        ReportWriter.writeAll(report, runDir);

        String html = Files.readString(runDir.resolve(RunFolder.HTML_FILE));
        String table = html.substring(
                html.indexOf("<table id=\"talk-table\">"), html.indexOf("</table>", html.indexOf("talk-table")));
        assertEquals(
                1 + 2 * 3, table.split("<tr>").length - 1, "a header, then the talk's row and this run's per server");
        assertEquals(12, table.substring(0, table.indexOf("</tr>")).split("<th>").length - 1, "label, run, 10 columns");
        assertTrue(table.contains("(cut off)"));
        assertTrue(
                html.contains("stock: backlog 50, connections unlimited, idle n/a, grace n/a, "
                        + "jdk.httpserver.maxConnections -1, sun.net.httpserver.maxIdleConnections 200"),
                "the settings cell names the JDK's own cap");

        String md = Files.readString(runDir.resolve(RunFolder.SUMMARY_MARKDOWN_FILE));
        assertTrue(md.contains("## The talk, side by side"));
        assertTrue(md.contains("| virtual threads | the talk | 60,000 | 6,042 |"), md);
        int causes = report.servers().stream()
                .mapToInt(server -> server.errorsByCause().size())
                .sum();
        assertEquals(causes, md.split("\n  - ").length - 1, "every cause of every server under its error line");
        assertEquals(
                causes, html.substring(html.indexOf("<section id=\"talk\">")).split("<li>[0-9,]+ x ").length - 1);

        JsonNode json = new ObjectMapper()
                .readTree(runDir.resolve(RunFolder.SUMMARY_JSON_FILE).toFile());
        assertEquals(3, json.get("talk").get("rows").size());
        assertEquals(
                0.32,
                json.get("talk")
                        .get("rows")
                        .get(1)
                        .get("talk")
                        .get("errorPercent")
                        .asDouble());
        assertEquals(report.plan(), RunFiles.summary(runDir).plan(), "summary.json still reads back");
    }
}
