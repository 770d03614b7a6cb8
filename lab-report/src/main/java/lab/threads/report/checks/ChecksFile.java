package lab.threads.report.checks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A checks file: one check a line, {@code #} a comment. Plain lines: a diff names the check, nothing is quoted. */
public final class ChecksFile {

    private ChecksFile() {}

    /** @throws IllegalArgumentException when the file cannot be read, or a line is no check (naming its number) */
    public static List<Check> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("--checks " + file + ": cannot read it (" + e + ")");
        }
        return java.util.stream.IntStream.range(0, lines.size())
                .filter(at -> !withoutComment(lines.get(at)).isBlank())
                .mapToObj(at -> parse(file, at + 1, withoutComment(lines.get(at))))
                .toList();
    }

    private static Check parse(Path file, int lineNumber, String line) {
        try {
            return Check.parse(line);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ":" + lineNumber + ": " + e.getMessage(), e);
        }
    }

    private static String withoutComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }
}
