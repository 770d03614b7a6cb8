package lab.threads.report.page;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.run.AtomicFile;
import lab.threads.run.RunFolder;

/** A report of sections alone ({@code ./lab tasks}, {@code ./lab pinning}), as markdown and as a page. */
public record SectionPage(String title, String intro, List<String> ranWhere, List<Section> sections) {

    /** The lines of {@code keys} that {@code metadata} holds, in the order of {@code keys}. */
    public static List<String> ranWhere(Map<String, Object> metadata, List<String> keys) {
        return keys.stream()
                .filter(metadata::containsKey)
                .map(key -> key + ": " + Cells.metadataValue(metadata.get(key)))
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
