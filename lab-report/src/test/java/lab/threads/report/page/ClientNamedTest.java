package lab.threads.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.model.client.LoadClient;
import lab.threads.report.ReportWriter;
import lab.threads.report.RunFixture;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import lab.threads.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Hyperfoil run's page and summary.md name Hyperfoil wherever they speak of the client: the recorded run folder of
 * seed 002's sweep (10 connections, 0 ms, server-virtual; its run.json as written, every 10th sample kept with the
 * server's record of each). JMeter may be named only for what is JMeter's: the Summary and Aggregate Report math.
 */
class ClientNamedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** What is JMeter's whichever client ran: its report's formulas. */
    private static final Pattern JMETERS_OWN = Pattern.compile("JMeter's (Aggregate Report|Summary Report|math)");

    @TempDir
    Path runDir;

    @Test
    void aRecordedHyperfoilRunsPageNamesHyperfoilNotJMeter() throws IOException, URISyntaxException {
        Path recorded =
                Path.of(getClass().getResource("/recorded/hyperfoil-0ms-run").toURI());
        RunFixture.copy(recorded, runDir);
        JsonNode run = JSON.readTree(runDir.resolve("run.json").toFile());
        RunRecord metadata = JSON.convertValue(run.get("metadata"), RunRecord.class);
        assertEquals(LoadClient.HYPERFOIL, metadata.load().sender(), "run.json names the client");
        PlanShape plan = PlanShape.throughput(
                run.at("/plan/users").asInt(),
                run.at("/plan/durationSeconds").asInt(),
                run.at("/plan/sleepMs").asLong());
        RunReport report = new RunReport(
                metadata,
                plan,
                List.of(ServerSummary.from(
                        "server-virtual", runDir.resolve("server-virtual"), plan, RunOutcome.fromWords("ok"))));

        ReportWriter.writeAll(report, runDir);

        String html = Files.readString(runDir.resolve(RunFolder.HTML_FILE));
        // The metadata table shows run.json as recorded, and the inlined Chart.js is no word of ours.
        String page = html.substring(0, html.indexOf("<h2>Metadata</h2>"))
                .replaceAll("(?s)<!-- Chart.js .*?</script>", "")
                .replace("&#39;", "'")
                .replace("&quot;", "\"");
        assertOnlyHyperfoilNamed(page);
        for (String named : List.of(
                "Hyperfoil's sample and the server's own record of it",
                "Client (Hyperfoil) CPU and the whole machine's",
                "Hyperfoil's p99 vs the server's own",
                "the client (Hyperfoil, on the same machine)",
                "from Hyperfoil's sample start",
                "Hyperfoil's connects vs the kernel's drops")) {
            assertTrue(page.contains(named), named);
        }
        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"chart-data\">(.*?)</script>")
                .matcher(html);
        assertTrue(data.find());
        assertEquals("Hyperfoil", JSON.readTree(data.group(1)).get("client").asText(), "the legends' client");

        String md = Files.readString(runDir.resolve(RunFolder.SUMMARY_MARKDOWN_FILE));
        String markdown = md.substring(0, md.indexOf("## Metadata"));
        assertOnlyHyperfoilNamed(markdown);
        assertTrue(markdown.contains(
                "## Summary Report and Aggregate Report columns (JMeter's math over Hyperfoil's " + "records)"));
    }

    private static void assertOnlyHyperfoilNamed(String text) {
        assertTrue(text.contains("Hyperfoil"));
        List<String> wrong = new ArrayList<>();
        Matcher jmeter = Pattern.compile("JMeter").matcher(text);
        while (jmeter.find()) {
            Matcher own = JMETERS_OWN.matcher(text).region(jmeter.start(), text.length());
            if (!own.lookingAt()) {
                wrong.add(text.substring(Math.max(0, jmeter.start() - 60), Math.min(text.length(), jmeter.end() + 60)));
            }
        }
        assertEquals(List.of(), wrong, "JMeter named where the client is meant");
    }
}
