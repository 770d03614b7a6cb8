package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;

/**
 * docs/in-ci.md's CI jobs, as a team would paste them: each YAML block parses, and every {@code ./lab} command in it,
 * with every flag, is one the lab has (picocli's own model of each command, as the option reference is checked).
 */
class InCiDocsTest {
    private static final String DOC = "docs/in-ci.md";
    private static final Pattern YAML_BLOCK = Pattern.compile("(?ms)^```yaml\\n(.*?)^```");
    private static final Pattern LAB = Pattern.compile("\\./lab\\s+([a-z-]+)((?:[^\\n;&|]|\\|\\|)*)");
    private static final Pattern FLAG = Pattern.compile("(?:^|\\s)(--[a-z][a-z0-9-]*)");

    @Test
    void bothJobsParseAndEveryLabCommandAndFlagInThemExists() throws IOException {
        String page = Files.readString(LabHome.locate().resolve(DOC));
        Matcher blocks = YAML_BLOCK.matcher(page);
        List<Object> jobs = new ArrayList<>();
        while (blocks.find()) {
            jobs.add(new Yaml().load(blocks.group(1)));
        }
        assertEquals(2, jobs.size(), DOC + " has a GitHub Actions job and a GitLab CI job");
        assertTrue(((Map<?, ?>) jobs.get(0)).containsKey("jobs"), "GitHub Actions: " + jobs.get(0));
        assertTrue(((Map<?, ?>) ((Map<?, ?>) jobs.get(1)).get("load")).containsKey("script"), "GitLab CI");

        List<String> problems = new ArrayList<>();
        for (Object job : jobs) {
            List<String> checked = new ArrayList<>();
            strings(job).forEach(text -> checkCommands(text, checked, problems));
            assertTrue(
                    checked.contains("./lab run --checks") || checked.contains("./lab run --baseline"),
                    checked::toString);
            assertTrue(checked.stream().anyMatch(flag -> flag.equals("./lab run --target-command")), checked::toString);
        }
        assertEquals(List.of(), problems, "./lab commands or flags in " + DOC + " that the lab does not have");
    }

    /** Each ./lab command in a script's text: its name one of ./lab's, each flag one of its options. */
    private static void checkCommands(String text, List<String> checked, List<String> problems) {
        Matcher lab = LAB.matcher(text);
        while (lab.find()) {
            String command = "./lab " + lab.group(1);
            var factory = OptionReferenceTest.COMMANDS.get(command);
            if (factory == null) {
                problems.add(command + " (no such command)");
                continue;
            }
            CommandLine.Model.CommandSpec spec = factory.get().getCommandSpec();
            Matcher flags = FLAG.matcher(lab.group(2));
            while (flags.find()) {
                String flag = flags.group(1);
                checked.add(command + " " + flag);
                if (spec.findOption(flag) == null) {
                    problems.add(command + " " + flag);
                }
            }
        }
    }

    /** Every string in a parsed YAML document: the scripts' lines, the steps' run: blocks. */
    private static List<String> strings(Object node) {
        List<String> found = new ArrayList<>();
        switch (node) {
            case Map<?, ?> map -> map.values().forEach(value -> found.addAll(strings(value)));
            case List<?> list -> list.forEach(item -> found.addAll(strings(item)));
            case String text -> found.add(text);
            case null, default -> {}
        }
        return found;
    }
}
