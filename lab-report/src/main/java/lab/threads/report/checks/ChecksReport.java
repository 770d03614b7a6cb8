package lab.threads.report.checks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import lab.threads.run.AtomicFile;
import lab.threads.run.RunFolder;

/**
 * The checks judged, for what reads them: checks.json for scripts, checks.xml in the JUnit format CI servers take (a
 * breach a failure, an inconclusive check skipped), checks.md for a job's summary.
 *
 * @param about what was judged, against what
 */
public record ChecksReport(List<CheckResult> results, Map<String, Object> about, int exitCode) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public static ChecksReport of(List<CheckResult> results, Map<String, Object> about) {
        return new ChecksReport(
                results,
                about,
                CheckStatus.exitCode(results.stream().map(CheckResult::status).toList()));
    }

    /** The three files, each replaced whole, and the checks on the folder's page when it has one. @return checks.md */
    public Path write(Path folder) throws IOException {
        Map<String, Object> json = new LinkedHashMap<>(about);
        json.put("exitCode", exitCode);
        json.put("checks", results);
        AtomicFile.write(folder.resolve(RunFolder.CHECKS_JSON_FILE), JSON.writeValueAsString(json) + "\n");
        AtomicFile.write(folder.resolve(RunFolder.CHECKS_JUNIT_FILE), junit());
        Path markdown = AtomicFile.write(folder.resolve(RunFolder.CHECKS_MARKDOWN_FILE), markdown());
        ChecksOnPage.put(folder.resolve(RunFolder.HTML_FILE), this);
        return markdown;
    }

    /** "2 passed, 1 breached, 0 inconclusive". */
    public String counts() {
        return count(results, CheckStatus.PASSED) + " passed, " + count(results, CheckStatus.BREACHED) + " breached, "
                + count(results, CheckStatus.INCONCLUSIVE) + " inconclusive";
    }

    private static long count(List<CheckResult> results, CheckStatus status) {
        return results.stream().filter(result -> result.status() == status).count();
    }

    String junit() {
        Map<String, List<CheckResult>> byServer = results.stream()
                .collect(Collectors.groupingBy(CheckResult::server, LinkedHashMap::new, Collectors.toList()));
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuites");
            xml.writeAttribute("name", "lab checks");
            counts(xml, results);
            for (Map.Entry<String, List<CheckResult>> server : byServer.entrySet()) {
                xml.writeCharacters("\n  ");
                xml.writeStartElement("testsuite");
                xml.writeAttribute("name", server.getKey());
                counts(xml, server.getValue());
                for (CheckResult result : server.getValue()) {
                    testCase(xml, result);
                }
                xml.writeCharacters("\n  ");
                xml.writeEndElement();
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("the JDK's XML writer refused a check's text", e);
        }
        return text + "\n";
    }

    private static void counts(XMLStreamWriter xml, List<CheckResult> results) throws XMLStreamException {
        xml.writeAttribute("tests", Integer.toString(results.size()));
        xml.writeAttribute("failures", Long.toString(count(results, CheckStatus.BREACHED)));
        xml.writeAttribute("errors", "0");
        xml.writeAttribute("skipped", Long.toString(count(results, CheckStatus.INCONCLUSIVE)));
        xml.writeAttribute("time", "0");
    }

    private static void testCase(XMLStreamWriter xml, CheckResult result) throws XMLStreamException {
        xml.writeCharacters("\n    ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", result.server()); // the suite's name: readers group cases by it
        xml.writeAttribute("name", result.check());
        xml.writeAttribute("time", "0");
        switch (result.status()) {
            case PASSED -> {}
            case BREACHED -> {
                xml.writeStartElement("failure");
                xml.writeAttribute("type", CheckStatus.BREACHED.word());
                xml.writeAttribute("message", result.line());
                xml.writeCharacters(result.line());
                xml.writeEndElement();
            }
            case INCONCLUSIVE -> {
                xml.writeStartElement("skipped");
                xml.writeAttribute("message", result.line());
                xml.writeEndElement();
            }
        }
        xml.writeEndElement();
    }

    String markdown() {
        StringBuilder page = new StringBuilder("# Checks: " + counts() + "\n\n");
        about.forEach((key, value) ->
                page.append("- ").append(key).append(": ").append(value).append('\n'));
        page.append("\n| status | server | check | figure | bound | why |\n| --- | --- | --- | --- | --- | --- |\n");
        for (CheckResult result : results) {
            page.append("| %s | %s | `%s` | %s | %s | %s |\n"
                    .formatted(
                            result.status() == CheckStatus.PASSED
                                    ? "passed"
                                    : "**" + result.status().word() + "**",
                            result.server(),
                            result.check(),
                            cell(result.measured()),
                            result.boundShown(),
                            cell(result.reason())));
        }
        return page.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
