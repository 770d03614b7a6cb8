package lab.threads.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import lab.threads.report.ReportWriter;
import lab.threads.report.RunFixture;
import lab.threads.report.summary.RunReport;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsPageTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path runDir;

    private RunCharts expected;
    private String html;

    @BeforeEach
    void writeTheReport() throws IOException {
        RunReport report = RunFixture.threeServers(runDir);
        ReportWriter.writeAll(report, runDir);
        expected = RunCharts.read(report, runDir);
        html = Files.readString(runDir.resolve(RunFolder.HTML_FILE));
    }

    @Test
    void chartsJsonHoldsEveryServersSeries() throws IOException {
        RunCharts written = JSON.readValue(runDir.resolve(RunFolder.CHARTS_FILE).toFile(), RunCharts.class);

        assertEquals(expected, written);
        assertEquals(
                RunFixture.SERVERS,
                written.servers().stream().map(ServerCharts::server).toList());
        for (ServerCharts server : written.servers()) {
            assertEquals(
                    3_000,
                    server.samples().stream().mapToInt(SampleSecond::samples).sum());
            assertEquals(53, server.stats().size());
        }
    }

    @Test
    void pageHasACanvasPerChartTheInlinedLibraryAndTheData() throws IOException {
        for (ChartsSection.Figure figure : ChartsSection.FIGURES) {
            assertTrue(html.contains("<canvas id=\"" + figure.id() + "\">"), figure.id());
        }
        assertTrue(html.contains(ChartJs.fromWebJar().script()), "Chart.js inlined whole");
        Matcher data = Pattern.compile(
                        "<script type=\"application/json\" id=\"chart-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertTrue(data.find(), "inline chart data");
        JsonNode pageData = JSON.readTree(data.group(1));
        List<ServerCharts> pageServers = JSON.convertValue(pageData.get("servers"), new TypeReference<>() {});
        assertEquals(expected.servers(), pageServers);
        assertEquals(List.of("#1f77b4", "#ff7f0e", "#2ca02c"), JSON.convertValue(pageData.get("colors"), List.class));
    }

    @Test
    void pageLoadsNothingFromTheNetwork() {
        assertFalse(Pattern.compile("(?i)<script[^>]*\\ssrc=").matcher(html).find(), "no external script");
        assertFalse(Pattern.compile("(?i)<link[^>]*\\shref=").matcher(html).find(), "no external stylesheet");
        assertFalse(
                Pattern.compile("(?i)(src|href)\\s*=\\s*[\"']?(https?:)?//")
                        .matcher(html)
                        .find(),
                "no network reference");
    }

    @Test
    void headlineIsAPngOfTheRun() throws IOException {
        BufferedImage image =
                ImageIO.read(runDir.resolve(RunFolder.HEADLINE_FILE).toFile());

        assertEquals(1200, image.getWidth());
        assertEquals(600, image.getHeight());
    }
}
