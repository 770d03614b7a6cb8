package lab.threads.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.report.page.TerminalTable;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

    @TempDir
    Path runDir;

    private RunReport report;

    @BeforeEach
    void threeServers() throws IOException {
        PlanShape plan = PlanShape.closed(20_000, 20, 3, 6_000);
        JtlFixture.write(
                runDir.resolve("server-virtual").resolve(RunFolder.SAMPLES_FILE), JtlFixture.randomRun(3, 2_000));
        Files.writeString(runDir.resolve("server-virtual").resolve(RunFolder.STATS_FILE), """
                {"variant":"virtual","osThreads":25,"rssBytes":104857600,"peakRssBytes":104857600,"cpuUserMs":100,"cpuSystemMs":50,"settings":{"settings":"stock","port":8083,"backlog":1024,"effectiveBacklog":1024,"idleTimeoutMs":300000,"maxConnections":"unlimited","shutdownGraceMs":500}}
                {"variant":"virtual","osThreads":28,"rssBytes":1073741824,"peakRssBytes":1073741824,"cpuUserMs":9100,"cpuSystemMs":2050}
                """);
        Path poolJtl = runDir.resolve("server-pool").resolve(RunFolder.SAMPLES_FILE);
        JtlFixture.write(poolJtl, JtlFixture.randomRun(4, 500));
        Files.writeString(poolJtl, Files.readString(poolJtl) + "1790000000000,12");
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("jdk", "25.0.1");
        metadata.put("cores", 2);
        metadata.put("databaseSettings", Map.of("max_connections", "1000"));
        metadata.put("serverSettings", "stock (each framework's defaults)");
        report = new RunReport(
                RunFixture.record(metadata),
                plan,
                List.of(
                        ServerSummary.from(
                                "server-platform",
                                runDir.resolve("server-platform"),
                                plan,
                                RunOutcome.fromWords("server died at start")),
                        ServerSummary.from(
                                "server-pool",
                                runDir.resolve("server-pool"),
                                plan,
                                RunOutcome.fromWords("interrupted")),
                        ServerSummary.from(
                                "server-virtual", runDir.resolve("server-virtual"), plan, RunOutcome.fromWords("ok"))));
    }

    @Test
    void writesTheSixFiles() throws IOException {
        List<Path> written = ReportWriter.writeAll(report, runDir);

        assertEquals(
                List.of(
                        RunFolder.SUMMARY_JSON_FILE,
                        RunFolder.SUMMARY_CSV_FILE,
                        RunFolder.SUMMARY_MARKDOWN_FILE,
                        RunFolder.CHARTS_FILE,
                        RunFolder.HTML_FILE,
                        RunFolder.HEADLINE_FILE),
                written.stream().map(path -> path.getFileName().toString()).toList());
        for (Path file : written) {
            assertTrue(Files.size(file) > 0, file::toString);
        }
    }

    @Test
    void summaryJsonReadsBackToTheSameNumbers() throws IOException {
        ReportWriter.writeAll(report, runDir);
        ObjectMapper json = new ObjectMapper();

        RunReport readBack =
                json.readValue(runDir.resolve(RunFolder.SUMMARY_JSON_FILE).toFile(), RunReport.class);

        assertEquals(report, readBack);
        // The plan's ideals are written for readers, though not read back.
        assertEquals(
                60_000 / 37.999,
                json.readTree(runDir.resolve(RunFolder.SUMMARY_JSON_FILE).toFile())
                        .at("/plan/idealThroughput")
                        .asDouble(),
                0.001);
    }

    @Test
    void summaryCsvParsesBackWithJMetersColumnNamesFirst() throws IOException {
        ReportWriter.writeAll(report, runDir);

        try (Reader reader = Files.newBufferedReader(runDir.resolve(RunFolder.SUMMARY_CSV_FILE));
                CSVParser csv = CSVParser.builder()
                        .setReader(reader)
                        .setFormat(CSVFormat.DEFAULT
                                .builder()
                                .setHeader()
                                .setSkipHeaderRecord(true)
                                .get())
                        .get()) {
            assertEquals(
                    List.of(
                            "Label",
                            "# Samples",
                            "Average",
                            "Min",
                            "Max",
                            "Std. Dev.",
                            "Error %",
                            "Throughput",
                            "Received KB/sec",
                            "Sent KB/sec",
                            "Avg. Bytes"),
                    csv.getHeaderNames().subList(0, 11));
            List<CSVRecord> rows = csv.getRecords();
            assertEquals(3, rows.size());
            for (int i = 0; i < rows.size(); i++) {
                ServerSummary server = report.servers().get(i);
                CSVRecord row = rows.get(i);
                assertEquals(server.server(), row.get("Label"));
                assertEquals(server.summary().samples(), Long.parseLong(row.get("# Samples")));
                assertEquals(server.summary().stdDev(), Double.parseDouble(row.get("Std. Dev.")));
                assertEquals(server.summary().throughput(), Double.parseDouble(row.get("Throughput")));
                assertEquals(server.percentiles().p999(), Long.parseLong(row.get("p99.9")));
                assertEquals(server.partial(), Boolean.parseBoolean(row.get("partial")));
            }
            assertEquals("1073741824", rows.get(2).get("peak RSS bytes"));
            assertEquals("", rows.get(0).get("peak RSS bytes"));
        }
    }

    @Test
    void markdownAndHtmlShowTheTableMetadataAndLinks() throws IOException {
        ReportWriter.writeAll(report, runDir);
        String md = Files.readString(runDir.resolve(RunFolder.SUMMARY_MARKDOWN_FILE));
        String html = Files.readString(runDir.resolve(RunFolder.HTML_FILE));

        assertTrue(
                md.contains("| server | outcome | client | slowest 1% held by | samples | req/s | % of ideal |"), md);
        assertTrue(md.contains("| server | avg ms | min ms | std dev |"), md);
        // server-pool was interrupted: the page says first that its figures are not the whole plan's.
        assertTrue(
                md.startsWith("# Run summary\n\n> **Partial run: the figures of server-pool (interrupted) are of what "
                        + "was measured until it stopped, not of the whole plan; server-platform (server died at start) "
                        + "measured nothing.**\n\nNo server carried the plan (at least 90% of the ideal with at most 1% "
                        + "errors); the closest, server-virtual, reached 2.3% of the ideal on 28 peak threads. Whether "
                        + "the client held any figure back is unknown: no server-side record to judge it by.\n\n"
                        + "- server-platform: no samples (server died at start)\n"
                        + "- server-pool: unknown; 0.6% of the ideal on threads not measured, 13.60% errors; outcome: "
                        + "interrupted.\n"),
                md);
        assertTrue(html.contains("<p id=\"partial\" class=\"partial\">Partial run: the figures of server-pool"), html);
        assertTrue(
                md.contains(
                        "| Label | # Samples | Average | Min | Max | Std. Dev. | Error % | Throughput | Received KB/sec | Sent KB/sec | Avg. Bytes | 90% Line | 95% Line | 99% Line | 99.9% Line |"),
                md);
        assertTrue(html.contains("<table id=\"summary-report-table\">"), html);
        assertTrue(md.contains("| server-pool | interrupted (partial) | unknown | n/a | 500 |"), md);
        assertTrue(md.contains("| databaseSettings | {\"max_connections\":\"1000\"} |"), md);
        assertTrue(md.contains("Server settings: stock (each framework's defaults)."), md);
        assertTrue(html.contains("Server settings: stock (each framework&#39;s defaults).</p>"), html);
        // Each server's own settings, from its /stats: none for a server that never answered it.
        assertTrue(md.contains("| stock: backlog 1024, connections unlimited, idle 300000 ms, grace 500 ms |"), md);
        assertTrue(
                html.contains("<td>stock: backlog 1024, connections unlimited, idle 300000 ms, grace 500 ms</td>"),
                html);
        assertTrue(md.contains("| n/a | "), md);
        assertTrue(html.contains("<section id=\"charts\""), html);
        assertTrue(html.contains("<a href=\"server-virtual/samples.jtl\">"), html);
        assertTrue(html.contains("server-platform/samples.jtl (missing)"), html);
        assertTrue(html.contains("<td>server</td><td>HTTP 503</td>"), html);
        assertTrue(html.contains("<td>client</td><td>org.apache.http.NoHttpResponseException: as planned</td>"), html);
    }

    @Test
    void terminalTableAlignsItsColumns() {
        String table = TerminalTable.render(report);
        List<String> all = table.lines().toList();
        // The table first, a blank line, the partial run's notice, then one sentence per server and nothing more.
        assertEquals(5 + 1 + 1 + report.servers().size(), all.size(), table);
        assertTrue(all.get(5).isEmpty() && all.get(6).startsWith("Partial run: "), table);
        assertTrue(all.get(7).startsWith("server-platform: ") && all.get(9).startsWith("server-virtual: "), table);
        List<String> lines = all.subList(0, 5);

        assertTrue(lines.get(0).startsWith("server "), table);
        assertEquals(lines.get(0).length(), lines.get(1).length(), table);
        for (String row : lines.subList(2, 5)) {
            assertEquals(lines.get(0).length(), row.length(), table);
        }
        // What a request costs, not how far the heap grew: these /stats lines lack the heap's fields, so n/a.
        assertTrue(table.contains("memory per request KB") && table.contains("n/a"), table);
        assertFalse(table.contains("peak RSS"), table);
        System.out.println(table);
    }
}
