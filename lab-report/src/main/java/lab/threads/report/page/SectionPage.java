package lab.threads.report.page;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.run.AtomicFile;
import lab.threads.run.RunFolder;

/** A report of sections alone ({@code ./lab tasks}, {@code ./lab pinning}), as markdown and as a page. */
public record SectionPage(String title, String intro, List<String> ranWhere, List<Section> sections) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A line for each key of {@code metadata} as its file has it (Jackson's names, in its order), with its value. */
    public static List<String> ranWhere(Object metadata) {
        Map<String, Object> entries =
                JSON.convertValue(metadata, new TypeReference<LinkedHashMap<String, Object>>() {});
        return entries.entrySet().stream()
                .map(entry -> entry.getKey() + ": " + Cells.metadataValue(entry.getValue()))
                .toList();
    }

    public String markdown() {
        StringBuilder md = new StringBuilder("# ")
                .append(title)
                .append("\n\n")
                .append(intro)
                .append("\n\n");
        ranWhere.forEach(line -> md.append("- ").append(line).append('\n'));
        sections.forEach(section -> md.append(MarkdownSection.render(section)));
        return md.toString();
    }

    public String html() {
        StringBuilder html =
                new StringBuilder("<p>").append(HtmlReport.escape(intro)).append("</p>\n<ul class=\"muted\">\n");
        ranWhere.forEach(
                line -> html.append("<li>").append(HtmlReport.escape(line)).append("</li>\n"));
        html.append("</ul>\n");
        sections.forEach(section -> html.append(HtmlSection.render(section)));
        return PlainPage.of(title, "", html.toString());
    }

    /** Writes the markdown as {@code markdownFile} and the page as index.html into {@code runDir}. @return the page */
    public Path write(Path runDir, String markdownFile) throws IOException {
        AtomicFile.write(runDir.resolve(markdownFile), markdown());
        return AtomicFile.write(runDir.resolve(RunFolder.HTML_FILE), html());
    }
}
