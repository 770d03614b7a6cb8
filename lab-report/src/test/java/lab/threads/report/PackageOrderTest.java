package lab.threads.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * lab-report reads one way down: each package names (imports, or spells out in full) only itself and the packages
 * before it in {@link #ORDER}, so no circle can form. Read from the sources rather than the class files, since a
 * constant such as a file name is copied into its reader's bytecode and would leave no trace there.
 */
class PackageOrderTest {

    /**
     * Bottom first; a package may use only those above it in this list. A new package gets one line here: after every
     * package it uses, before every package that uses it.
     */
    static final List<String> ORDER = List.of(
            "raw", // reads the run folder's files (their names: lab-run-model's RunFolder)
            "math", // computes over what raw read; the number formats (Numbers)
            "verdict", // judges: whose figure, which cause
            "summary", // one server's row and a run's report, built from the three below
            "chart", // the per-second series and their drawing
            "page", // one run's pages and tables
            "pinning", // ./lab pinning's report: the run index lists it
            "runs", // across runs: the index, comparisons, sweeps
            "checks", // checks on a run's figures against bounds and a baseline run, for CI
            "tasks", // ./lab tasks' report, beside the run index
            ""); // lab.threads.report itself: the runner's entry points

    private static final Path SOURCES = Path.of("src/main/java/lab/threads/report");
    private static final Pattern NAMED = Pattern.compile("lab\\.threads\\.report\\.(?:([a-z]\\w*)\\.)?[A-Z]\\w*");

    @Test
    void everyPackageHasItsPlace() throws IOException {
        TreeSet<String> unplaced = new TreeSet<>();
        for (Path file : sources()) {
            if (!ORDER.contains(packageOf(file))) {
                unplaced.add(packageOf(file));
            }
        }
        assertTrue(
                unplaced.isEmpty(),
                "lab.threads.report's package(s) " + unplaced + " have no place in PackageOrderTest.ORDER: add each "
                        + "on one line, after every package it uses and before every one that uses it");
    }

    @Test
    void noPackageNamesOneAboveIt() throws IOException {
        List<String> climbs = new ArrayList<>();
        for (Path file : sources()) {
            String from = packageOf(file);
            int level = ORDER.indexOf(from);
            Matcher named = NAMED.matcher(withoutPackageLine(Files.readString(file)));
            while (named.find()) {
                String to = named.group(1) == null ? "" : named.group(1);
                if (ORDER.indexOf(to) > level) {
                    climbs.add(SOURCES.relativize(file) + " (" + shown(from) + ") names " + named.group() + " ("
                            + shown(to) + ")");
                }
            }
        }
        assertEquals(List.of(), climbs, "order, bottom first: " + ORDER);
    }

    /** The order itself has no package twice, so a circle cannot hide in it. */
    @Test
    void theOrderNamesEachPackageOnce() {
        assertEquals(ORDER.size(), new TreeSet<>(ORDER).size(), ORDER.toString());
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            List<Path> java = files.filter(file -> file.toString().endsWith(".java"))
                    .sorted()
                    .toList();
            assertTrue(java.size() > 50, "lab-report's sources not found under " + SOURCES.toAbsolutePath());
            return java;
        }
    }

    /** "" for lab.threads.report itself, else the first segment below it: "raw" for raw/JtlReader.java. */
    private static String packageOf(Path file) {
        Path relative = SOURCES.relativize(file);
        return relative.getNameCount() == 1 ? "" : relative.getName(0).toString();
    }

    private static String withoutPackageLine(String source) {
        return source.replaceFirst("(?m)^package [\\w.]+;", "");
    }

    private static String shown(String level) {
        return level.isEmpty() ? "the top" : level;
    }
}
