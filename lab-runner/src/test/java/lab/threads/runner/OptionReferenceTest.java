package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.common.ServerSettings;
import lab.threads.common.Variant;
import lab.threads.jmeter.workers.JMeterWorkerMain;
import lab.threads.jmeter.workers.RmiKeystoreCommand;
import lab.threads.process.OptionTwins;
import lab.threads.runner.command.CompareCommand;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.command.PinningCommand;
import lab.threads.runner.command.ReportCommand;
import lab.threads.runner.command.SoakCommand;
import lab.threads.runner.command.TasksCommand;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * docs/options.md is the option reference; the CLI's own model (picocli's {@code CommandSpec}, the same one
 * {@code --help} prints) is the truth it is checked against. Per command: every option documented and nothing
 * documented that the command lacks, the twins ({@code lab.<option>}, {@code LAB_<OPTION>}) as {@link OptionTwins} names
 * them (or "none" where the command has no twins), each default written in the code stated, every positional
 * parameter named; and every command {@code ./lab} dispatches to has its section.
 */
class OptionReferenceTest {
    private static final String DOC = "docs/options.md";
    private static final Pattern HEADING = Pattern.compile("(?m)^## `(\\./lab [a-z-]+)[^`]*`.*$");
    private static final Pattern FLAG = Pattern.compile("^(--?[A-Za-z][A-Za-z0-9-]*)");
    private static final Pattern CODE = Pattern.compile("`([^`]*)`");

    /** The command line each ./lab command runs, built by the same factory its main uses. */
    static final Map<String, Supplier<CommandLine>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("./lab run", LabCommand::commandLine);
        COMMANDS.put("./lab server", () -> ServerSettings.commandLine(Variant.VIRTUAL, new ServerSettings()));
        COMMANDS.put("./lab worker", JMeterWorkerMain::commandLine);
        COMMANDS.put("./lab rmi-keystore", RmiKeystoreCommand::commandLine);
        COMMANDS.put("./lab soak", SoakCommand::commandLine);
        COMMANDS.put("./lab tasks", TasksCommand::commandLine);
        COMMANDS.put("./lab pinning", PinningCommand::commandLine);
        COMMANDS.put("./lab report", ReportCommand::commandLine);
        COMMANDS.put("./lab compare", CompareCommand::commandLine);
    }

    @Test
    void everyCommandOfTheLabScriptHasItsSection() throws IOException {
        Matcher cases = Pattern.compile("(?m)^  ([a-z][a-z-]*)\\)")
                .matcher(Files.readString(LabHome.locate().resolve("lab")));
        Set<String> dispatched = new TreeSet<>();
        while (cases.find()) {
            dispatched.add("./lab " + cases.group(1));
        }
        dispatched.remove("./lab test"); // ./mvnw -B verify: Maven's options
        assertTrue(dispatched.contains("./lab run"), "the case labels of ./lab were found: " + dispatched);
        assertEquals(
                dispatched,
                new TreeSet<>(COMMANDS.keySet()),
                "./lab's commands against this test's COMMANDS: a new "
                        + "command needs its CommandLine here and its section in " + DOC);
        assertEquals(
                dispatched,
                new TreeSet<>(sections().keySet()),
                DOC + " has one '## `./lab <command>`' section per command");
    }

    @Test
    void theReferenceNamesEveryOptionOfEveryCommandWithTheCodesTwinsAndDefaults() throws IOException {
        Map<String, String> sections = sections();
        List<String> problems = new ArrayList<>();
        COMMANDS.forEach((name, factory) -> {
            CommandLine cli = factory.get();
            String section = sections.getOrDefault(name, "");
            Map<String, List<String>> rows = rows(section);
            Set<String> inCode = new LinkedHashSet<>();
            for (OptionSpec option : cli.getCommandSpec().options()) {
                if (option.usageHelp() || option.versionHelp()) {
                    continue; // -h/--help and -V/--version: said once, at the top of the page
                }
                String flag = option.longestName();
                inCode.add(flag);
                List<String> row = rows.get(flag);
                if (row == null) {
                    problems.add(name + " " + flag + ": not in " + DOC + "; add a row | `" + flag
                            + "` | twins | default | what it does |");
                    continue;
                }
                List<String> twins = codes(row.get(1)).stream().limit(2).toList();
                List<String> expected = cli.getDefaultValueProvider() instanceof OptionTwins
                        ? List.of(OptionTwins.propertyName(flag), OptionTwins.environmentName(flag))
                        : List.of();
                if (!twins.equals(expected)
                        || (expected.isEmpty() && !row.get(1).equals("none"))) {
                    problems.add(name + " " + flag + ": twins "
                            + (expected.isEmpty() ? "none" : "`" + expected.get(0) + "` · `" + expected.get(1) + "`")
                            + ", the page says '" + row.get(1) + "'");
                }
                String codeDefault = option.defaultValue();
                if (codeDefault != null
                        && !codeDefault.isBlank()
                        && !codes(row.get(2)).contains(codeDefault)) {
                    problems.add(name + " " + flag + ": the default is `" + codeDefault
                            + "` in the code, the page says '" + row.get(2) + "'");
                }
            }
            for (String documented : rows.keySet()) {
                if (!inCode.contains(documented)) {
                    problems.add(name + " " + documented + ": in " + DOC + " but not an option of the command (see "
                            + name + " --help)");
                }
            }
            for (PositionalParamSpec parameter : cli.getCommandSpec().positionalParameters()) {
                if (!section.contains(parameter.paramLabel())) {
                    problems.add(name + ": its parameter " + parameter.paramLabel() + " is not named in its section");
                }
            }
        });
        assertTrue(problems.isEmpty(), DOC + " and the CLI differ:\n" + String.join("\n", problems) + "\n");
    }

    /** The page's sections by command, heading included. */
    private static Map<String, String> sections() throws IOException {
        String page = Files.readString(LabHome.locate().resolve(DOC));
        Map<String, String> sections = new LinkedHashMap<>();
        Matcher heading = HEADING.matcher(page);
        while (heading.find()) {
            int next = page.indexOf("\n## ", heading.end());
            sections.put(heading.group(1), page.substring(heading.start(), next < 0 ? page.length() : next));
        }
        return sections;
    }

    /** The table rows of a section whose first cell starts with a flag, by flag: the row's cells, trimmed. */
    private static Map<String, List<String>> rows(String section) {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (String line : section.lines().toList()) {
            if (!line.startsWith("| `-")) {
                continue;
            }
            List<String> cells = List.of(line.substring(1, line.length() - 1).split("\\|", -1)).stream()
                    .map(String::strip)
                    .toList();
            Matcher flag = FLAG.matcher(codes(cells.get(0)).getFirst());
            assertTrue(flag.find(), "a flag in " + line);
            assertTrue(cells.size() >= 4, "option | twins | default | what it does: " + line);
            rows.put(flag.group(1), cells);
        }
        return rows;
    }

    private static List<String> codes(String cell) {
        List<String> codes = new ArrayList<>();
        Matcher code = CODE.matcher(cell);
        while (code.find()) {
            codes.add(code.group(1));
        }
        return codes;
    }
}
