package lab.threads.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** Writes a run's report files into its run folder: summary.json, summary.csv, summary.md and index.html. */
public final class ReportWriter {

    public static final String JSON_FILE = "summary.json";
    public static final String CSV_FILE = "summary.csv";
    public static final String MARKDOWN_FILE = "summary.md";
    public static final String HTML_FILE = "index.html";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportWriter() {
    }

    /** @return the files written, in the order above */
    public static List<Path> writeAll(RunReport report, Path runDir) throws IOException {
        Files.createDirectories(runDir);
        return List.of(
                Files.writeString(runDir.resolve(JSON_FILE), JSON.writeValueAsString(report)),
                Files.writeString(runDir.resolve(CSV_FILE), CsvReport.render(report)),
                Files.writeString(runDir.resolve(MARKDOWN_FILE), MarkdownReport.render(report)),
                Files.writeString(runDir.resolve(HTML_FILE), HtmlReport.render(report, runDir)));
    }
}
