package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.Test;

/**
 * Main code's comments state what the code guarantees and why; the figures that chose a setting, and the day they
 * were measured, live in docs/results.md (its table "the figures behind its settings") and in commit bodies, where
 * they can age without the code. This test reads every comment of {@code *}{@code /src/main/**}{@code .java} and of
 * the {@code ./lab} script and fails on a date or on one of these shapes of a measured figure:
 * <ul>
 *   <li>a date: {@code 2026-11-25}, or a month with a year ({@code November 2026}, {@code Nov 25, 2026});
 *   <li>a before and after: a figure, an arrow, a figure ({@code 0.057 -> 0.042 ms}, {@code 10:05 -> 8:56});
 *   <li>a range over repeats in brackets, the lab's {@code median [min-max]} ({@code [74.5-89.7]}, {@code [126-196]});
 *   <li>an aggregate over runs: {@code median of 3}, {@code medians of 3}, {@code 4 alternated pairs};
 *   <li>a CPU cost a request: {@code 0.355 ms a request}, {@code 0.042 ms of client CPU a request};
 *   <li>a machine's load: {@code load 17} after a comma, a parenthesis or "at".
 * </ul>
 * Code is never read as a comment: string literals, text blocks and character literals are skipped. A worked example
 * of a formula ({@code 60,000 samples in 37.999 s}) or a default ({@code 200 threads}) is not a measure and passes.
 */
class CommentFiguresTest {
    private static final Path HOME = LabHome.locate();

    private static final String MONTH =
            "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
                    + "|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
    private static final String FIGURE = "\\d[\\d.,:]*(?:\\s*(?:%|ms|s|MB|KB|GB|x))?";

    /** Each shape with the name a failure gives it. */
    private static final List<Shape> SHAPES = List.of(
            new Shape("a date", Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b")),
            new Shape(
                    "a month with a year",
                    Pattern.compile("\\b" + MONTH + "\\.?\\s+(?:[0-3]?\\d(?:st|nd|rd|th)?,?\\s+)?20\\d\\d\\b")),
            new Shape("a before and after", Pattern.compile(FIGURE + "(?:\\s*\\[[^\\]]*\\])?\\s*(?:->|→)\\s*~?\\d")),
            new Shape(
                    "a range over repeats",
                    Pattern.compile("\\[(?=[^\\]]*(?:\\d\\d|\\.\\d))\\d[\\d.,]*\\s*-\\s*\\d[\\d.,]*\\]")),
            new Shape(
                    "an aggregate over runs",
                    Pattern.compile("\\bmedians? of \\d+\\b|\\b\\d+ alternated (?:pairs|rounds|runs)\\b")),
            new Shape(
                    "a CPU cost a request", Pattern.compile("\\d+(?:\\.\\d+)?\\s*ms (?:of [\\w' ]*CPU )?a request\\b")),
            new Shape("a machine's load", Pattern.compile("(?:[,(]\\s*|\\bat )load \\d+\\b")));

    private record Shape(String name, Pattern pattern) {}

    /** One comment line of a file, with its line number. */
    record CommentLine(int line, String text) {}

    @Test
    void mainCodeCommentsCarryNoDateAndNoMeasuredFigure() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> walk = Files.walk(HOME)) {
            for (Path file :
                    walk.filter(CommentFiguresTest::isMainJava).sorted().toList()) {
                files++;
                found.addAll(findings(HOME.relativize(file).toString(), javaComments(Files.readString(file))));
            }
        }
        found.addAll(findings("lab", shellComments(Files.readString(HOME.resolve("lab")))));
        assertTrue(files > 100, "main sources were found: " + files);
        assertTrue(
                found.isEmpty(),
                "comments in main code state the guarantee and the reason; a figure that chose a setting goes to"
                        + " docs/results.md (\"the figures behind its settings\", with its day and commit) and the"
                        + " comment points there. Found:\n" + String.join("\n", found) + "\n");
    }

    @Test
    void aPlantedDateOrFigureIsFoundAndCodeIsNot() {
        String planted = """
                package x;
                /** Measured 2026-11-25 on 2 cores. */
                class X {
                    // warm-up 3 s -> 10 s: 39% -> 107% of wrk's (docs)
                    static final int A = 1; /* 78.9 [74.5-89.7] */
                    /** Fork CPU, median of 3, at load 17; 0.355 ms a request, as of November 2026. */
                    String code = "2026-11-25 [74.5-89.7] median of 3 0.4 ms a request 1 -> 2 // not a comment";
                    char slash = '/';
                    String block = \"""
                        /* 2026-11-25 */ 1 -> 2
                        \""";
                    // a worked example: 20,000 users, 20 s, 3 loops of 6 s: 60,000 samples in 37.999 s = 1,579.0 req/s
                    // a regex's class [0-9], a lambda {@code a -> b}, a default of 200 threads, [1-2]
                }
                """;
        List<String> found = findings("X.java", javaComments(planted));
        assertEquals(
                List.of(
                        "X.java:2: a date: \"2026-11-25\"",
                        "X.java:4: a before and after: \"3 s -> 1\"",
                        "X.java:4: a before and after: \"39% -> 1\"",
                        "X.java:5: a range over repeats: \"[74.5-89.7]\"",
                        "X.java:6: a month with a year: \"November 2026\"",
                        "X.java:6: an aggregate over runs: \"median of 3\"",
                        "X.java:6: a CPU cost a request: \"0.355 ms a request\"",
                        "X.java:6: a machine's load: \"at load 17\""),
                found.stream()
                        .map(line -> line.substring(0, line.indexOf(" | ")))
                        .toList());
        assertEquals(
                List.of("lab:2: a before and after: \"10:05 -> 8\""),
                findings("lab", shellComments("#!/usr/bin/env bash\n# 10:05 -> 8:56\necho \"2026-11-25\" # 12 s\n"))
                        .stream()
                        .map(line -> line.substring(0, line.indexOf(" | ")))
                        .toList());
    }

    private static boolean isMainJava(Path file) {
        String path = file.toString().replace('\\', '/');
        return path.endsWith(".java")
                && path.contains("/src/main/")
                && !path.contains("/target/")
                && !path.contains("/.git/");
    }

    static List<String> findings(String where, List<CommentLine> comments) {
        List<String> found = new ArrayList<>();
        for (CommentLine comment : comments) {
            for (Shape shape : SHAPES) {
                Matcher match = shape.pattern().matcher(comment.text());
                while (match.find()) {
                    found.add(where + ":" + comment.line() + ": " + shape.name() + ": \"" + match.group() + "\" | "
                            + comment.text().strip());
                }
            }
        }
        return found;
    }

    /** The comments of a Java source, line by line: {@code //} to the line's end and {@code /* ... *}{@code /}. */
    static List<CommentLine> javaComments(String source) {
        List<CommentLine> comments = new ArrayList<>();
        int line = 1;
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                end = end < 0 ? n : end;
                comments.add(new CommentLine(line, source.substring(i, end)));
                i = end;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                String[] lines = source.substring(i, end).split("\n", -1);
                for (int k = 0; k < lines.length; k++) {
                    comments.add(new CommentLine(line + k, lines[k]));
                }
                line += lines.length - 1;
                i = end;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                while (end > 0 && source.charAt(end - 1) == '\\') {
                    end = source.indexOf("\"\"\"", end + 1);
                }
                end = end < 0 ? n : end + 3;
                line += count(source.substring(i, end));
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = Math.min(j + 1, n);
            } else {
                line += c == '\n' ? 1 : 0;
                i++;
            }
        }
        return comments;
    }

    /** A shell script's comments: whole lines from {@code #} (not the shebang). */
    static List<CommentLine> shellComments(String script) {
        List<CommentLine> comments = new ArrayList<>();
        String[] lines = script.split("\n", -1);
        for (int k = 0; k < lines.length; k++) {
            String line = lines[k].strip();
            if (line.startsWith("#") && !line.startsWith("#!")) {
                comments.add(new CommentLine(k + 1, line));
            }
        }
        return comments;
    }

    private static int count(String text) {
        return (int) text.chars().filter(ch -> ch == '\n').count();
    }
}
