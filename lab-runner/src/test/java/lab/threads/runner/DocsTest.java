package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.Test;
import org.w3c.dom.NodeList;

/**
 * The README is a front page pointing into docs/: every relative link of README.md and docs/*.md reaches an existing
 * file and, with {@code #anchor}, a heading there (GitHub's anchors); the README's code map names classes that exist,
 * its module list names every root module, and it keeps the test command CI runs ({@code .ci/run}: "the README's
 * test command").
 */
class DocsTest {
    private static final Path HOME = LabHome.locate();
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```[^\\n]*$");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} +(.+?) *#* *$");
    /** A CamelCase word, e.g. LabCommand or JMeterFork (not JMeter, not POOL): a class name in the code map. */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b[A-Z][A-Za-z0-9]*[a-z][A-Z][A-Za-z0-9]*\\b");

    @Test
    void everyRelativeLinkReachesAFileAndItsHeading() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(HOME.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(HOME.resolve("docs"))) {
            docs.filter(file -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            Matcher link = LINK.matcher(withoutCode(Files.readString(page)));
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // https:, mailto:: not this test's business
                }
                checked++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved =
                        file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                String where = HOME.relativize(page) + ": (" + target + ")";
                if (!Files.exists(resolved)) {
                    broken.add(where + " -> no file " + HOME.relativize(resolved));
                } else if (hash >= 0 && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(where + " -> no heading with the anchor #" + target.substring(hash + 1) + " in "
                            + HOME.relativize(resolved) + " (its anchors: " + anchors(resolved) + ")");
                }
            }
        }
        assertTrue(checked > 50, "links were found: " + checked);
        assertTrue(broken.isEmpty(), "broken links:\n" + String.join("\n", broken) + "\n");
    }

    @Test
    void theReadmeKeepsTheTestCommandCiRuns() throws IOException {
        String ci = Files.readString(HOME.resolve(".ci/run"));
        List<String> commands = ci.lines()
                .map(String::strip)
                .filter(line -> line.startsWith("./lab test"))
                .toList();
        assertEquals(1, commands.size(), ".ci/run runs one ./lab test: " + commands);
        String command = commands.getFirst();
        Matcher fences = FENCE.matcher(Files.readString(HOME.resolve("README.md")));
        boolean found = false;
        while (fences.find()) {
            found |= fences.group()
                    .lines()
                    .map(String::strip)
                    .anyMatch(line -> line.equals(command) || line.startsWith(command + " "));
        }
        assertTrue(
                found, "README.md shows `" + command + "` in a code block: .ci/run calls it the README's test command");
    }

    @Test
    void theReadmesCodeMapNamesClassesThatExistAndItsModuleListEveryModule() throws Exception {
        String readme = Files.readString(HOME.resolve("README.md"));
        String codeMap = section(readme, "## Code map");
        Set<String> classes = new HashSet<>();
        try (Stream<Path> files = Files.walk(HOME)) {
            files.filter(file ->
                            file.toString().endsWith(".java") && file.toString().contains("/src/main/java/"))
                    .forEach(file -> classes.add(file.getFileName().toString().replace(".java", "")));
        }
        List<String> unknown = new ArrayList<>();
        Matcher name = CLASS_NAME.matcher(codeMap);
        while (name.find()) {
            if (!classes.contains(name.group())) {
                unknown.add(name.group());
            }
        }
        assertTrue(codeMap.contains("LabCommand"), "the code map was found");
        assertTrue(
                unknown.isEmpty(),
                "README.md's code map names classes no module has (renamed? update the map): " + unknown);

        String modules = section(readme, "## Modules");
        NodeList declared = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(HOME.resolve("pom.xml").toFile())
                .getElementsByTagName("module");
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < declared.getLength(); i++) {
            String module = declared.item(i).getTextContent().trim();
            // Only <modules>' own: the Checkstyle rules inline in the pom are <module>s too.
            boolean rootModule = declared.item(i).getParentNode().getNodeName().equals("modules");
            if (rootModule && !modules.contains("`" + module + "`")) {
                missing.add(module);
            }
        }
        assertTrue(missing.isEmpty(), "README.md's module list lacks a line for " + missing);
    }

    /** docs/results.md is an index a reader takes in at once, and every finding's file is in it. */
    @Test
    void theResultsAreAnIndexOfOneFileAFinding() throws IOException {
        Path index = HOME.resolve("docs/results.md");
        List<String> lines = Files.readAllLines(index);
        assertTrue(
                lines.size() <= 150, "docs/results.md has " + lines.size() + " lines: a finding goes in docs/results/");
        String text = String.join("\n", lines);
        List<String> unlisted = new ArrayList<>();
        try (Stream<Path> findings = Files.list(HOME.resolve("docs/results"))) {
            findings.map(file -> "results/" + file.getFileName())
                    .filter(link -> !text.contains("(" + link + ")"))
                    .sorted()
                    .forEach(unlisted::add);
        }
        assertEquals(List.of(), unlisted, "docs/results.md lists every finding's file");
    }

    /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
    static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new HashSet<>();
        if (!page.toString().endsWith(".md")) {
            return anchors;
        }
        Map<String, Integer> seen = new HashMap<>();
        Matcher heading = HEADING.matcher(Files.readString(page).replaceAll(FENCE.pattern(), ""));
        while (heading.find()) {
            String slug = slug(heading.group(1));
            int count = seen.merge(slug, 1, Integer::sum);
            anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
        }
        return anchors;
    }

    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1"); // a link in a heading keeps its text
        return text.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N} _-]", "")
                .replace(' ', '-');
    }

    private static String withoutCode(String markdown) {
        return INLINE_CODE.matcher(FENCE.matcher(markdown).replaceAll("")).replaceAll("");
    }

    /** From a heading line to the next heading of the same level. */
    private static String section(String page, String heading) {
        int from = page.indexOf("\n" + heading + "\n");
        assertTrue(from >= 0, "README.md has a section '" + heading + "'");
        int next = page.indexOf("\n## ", from + 1);
        return page.substring(from, next < 0 ? page.length() : next);
    }
}
