package lab.threads.report;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.report.chart.ChartJs;

/**
 * Pages as they were recorded (src/test/resources/golden): a page rendered from a fixture must match its recorded copy
 * byte for byte, so a change to how a report is written cannot change what a reader sees unnoticed. Where a change is
 * meant, run the test with {@code -Dgolden.update=true} and commit the recorded copy with it, its diff the change.
 */
public final class Golden {

    private static final Path DIR = Path.of("src/test/resources/golden");
    /** Chart.js itself, inlined in pages: the library's text, not the lab's, is left out of the copy. */
    private static final String CHART_JS = ChartJs.fromWebJar().script();

    private Golden() {}

    /**
     * @param name    the recorded copy's file name
     * @param folders the fixture's temporary folders, named in a page by their path: recorded as {@code <folder>}
     */
    public static void assertAsRecorded(String name, String rendered, Path... folders) {
        String text = rendered.replace(CHART_JS, "/* Chart.js */");
        for (Path folder : folders) {
            text = text.replace(folder.toAbsolutePath().toString(), "<folder>");
        }
        Path recorded = DIR.resolve(name);
        try {
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(DIR);
                Files.writeString(recorded, text);
                return;
            }
            if (!Files.isRegularFile(recorded)) {
                fail(recorded + " is not recorded: run once with -Dgolden.update=true and commit it");
            }
            List<String> expected = Files.readString(recorded).lines().toList();
            List<String> actual = text.lines().toList();
            for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
                String want = i < expected.size() ? expected.get(i) : "(end of file)";
                String got = i < actual.size() ? actual.get(i) : "(end of file)";
                if (!want.equals(got)) {
                    fail(name + " differs from its recorded copy at line " + (i + 1) + ":\nrecorded: " + want
                            + "\nrendered: " + got
                            + "\n(if the change is meant: -Dgolden.update=true, commit the copy)");
                }
            }
            if (!Files.readString(recorded).equals(text)) {
                fail(name + " differs from its recorded copy in its line ends");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file the report wrote, as recorded. */
    public static void assertFileAsRecorded(String name, Path written, Path... folders) {
        try {
            assertAsRecorded(name, Files.readString(written), folders);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
