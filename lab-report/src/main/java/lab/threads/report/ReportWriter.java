package lab.threads.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.report.chart.HeadlineChart;
import lab.threads.report.chart.RunCharts;
import lab.threads.report.page.CsvReport;
import lab.threads.report.page.HtmlReport;
import lab.threads.report.page.MarkdownReport;
import lab.threads.report.summary.RunReport;
import lab.threads.run.AtomicFile;
import lab.threads.run.RunFolder;

/**
 * Writes a run's report files into its folder: summary.json, summary.csv, summary.md, charts.json, index.html and
 * headline.png.
 */
public final class ReportWriter {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportWriter() {}

    /** @return the files written: summary.json, .csv, .md, charts.json, index.html; headline.png last, as the only one that needs AWT */
    public static List<Path> writeAll(RunReport report, Path runDir) throws IOException {
        Files.createDirectories(runDir);
        RunCharts charts = RunCharts.read(report, runDir);
        List<Path> written = new ArrayList<>(List.of(
                AtomicFile.write(runDir.resolve(RunFolder.SUMMARY_JSON_FILE), JSON.writeValueAsString(report)),
                AtomicFile.write(runDir.resolve(RunFolder.SUMMARY_CSV_FILE), CsvReport.render(report)),
                AtomicFile.write(runDir.resolve(RunFolder.SUMMARY_MARKDOWN_FILE), MarkdownReport.render(report)),
                AtomicFile.write(runDir.resolve(RunFolder.CHARTS_FILE), JSON.writeValueAsString(charts)),
                AtomicFile.write(runDir.resolve(RunFolder.HTML_FILE), HtmlReport.render(report, runDir, charts))));
        try {
            written.add(HeadlineChart.write(charts, runDir));
        } catch (RuntimeException | Error noFonts) {
            // AWT needs fonts (fontconfig), which slim container images may lack: the picture is the only loss.
            System.err.println(
                    "report: " + RunFolder.HEADLINE_FILE + " not drawn (" + noFonts + "); the other files are written");
        }
        return List.copyOf(written);
    }
}
