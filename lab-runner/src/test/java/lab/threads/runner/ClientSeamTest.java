package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.threads.model.client.LoadClient;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.Test;

/**
 * Outside the client modules no code asks which client it is: the runner, the report, lab-run-model, lab-process and the seam ask the
 * client's line of the registry ({@link LoadClient}) or its program what they need to know, so that adding a client
 * is one module and one line. What counts as asking is built from the registry: a line named
 * ({@code LoadClient.JMETER}), a question by name ({@code client.jmeter()}, {@code instanceof HyperfoilClient}), a
 * client's name compared as a string ({@code equals("hyperfoil")}, {@code startsWith("Hyperfoil")},
 * {@code case "jmeter"}), a switch over the registry's lines ({@code case HYPERFOIL ->}) and a client's own file looked
 * for by its name ({@code "hyperfoil.log"}). The registry's own
 * file is where the lines are, and exempt.
 */
class ClientSeamTest {
    private static final Path HOME = LabHome.locate();
    /** The main sources that must not ask: every module above the seam but the clients', and the seam. */
    private static final List<String> OUTSIDE =
            List.of("lab-runner", "lab-report", "lab-run-model", "lab-client", "lab-process");

    private static final Path REGISTRY =
            Path.of("lab-run-model/src/main/java/lab/threads/model/client/LoadClient.java");

    @Test
    void noFileOutsideTheClientModulesAsksWhichClientItIs() throws IOException {
        List<String> asking = new ArrayList<>();
        for (String module : OUTSIDE) {
            for (Path file : javaFiles(HOME.resolve(module).resolve("src/main/java"))) {
                if (HOME.relativize(file).equals(REGISTRY)) {
                    continue;
                }
                asking.addAll(questions(HOME.relativize(file).toString(), Files.readString(file)));
            }
        }
        assertEquals(
                List.of(),
                asking,
                "ask the client's line of LoadClient, or its ChosenClient, what it is you need to know: a new method "
                        + "there (or in ClientProgram, each client module answering), not a branch on which one");
    }

    @Test
    void eachKindOfQuestionIsFound() {
        String client = LoadClient.values()[LoadClient.values().length - 1].name();
        String id = LoadClient.valueOf(client).id();
        for (String question : List.of(
                "if (client == LoadClient." + client + ") {",
                "boolean slow = chosen." + id + "();",
                "if (chosen instanceof " + LoadClient.valueOf(client).label() + "Client) {",
                "if (name.equalsIgnoreCase(\"" + id + "\")) {",
                "if (prose.startsWith(\"" + LoadClient.valueOf(client).label() + "\")) {",
                "case \"" + id + "\" -> 2;",
                "case " + client + " -> 2;",
                "    case " + client + ":",
                "if (\"" + id + "\".equals(name)) {",
                "Files.exists(dir.resolve(\"" + LoadClient.valueOf(client).logFile() + "\"))",
                "ClientKind kind = ClientKind.parse(name);")) {
            assertEquals(1, questions("X.java", question).size(), question);
        }
        assertEquals(List.of(), questions("X.java", "return client.program().logFile();"), "asking the line");
        assertEquals(List.of(), questions("X.java", "new Section(\"" + id + "\", title, null, parts);"), "a word");
    }

    /** Each line of {@code text} that asks which client it is, as {@code file:line: text}. */
    static List<String> questions(String file, String text) {
        List<String> found = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (ASKING.matcher(lines[i]).find()) {
                found.add(file + ":" + (i + 1) + ": " + lines[i].strip());
            }
        }
        return found;
    }

    private static final Pattern ASKING = asking();

    private static Pattern asking() {
        String constants = alternatives(Arrays.stream(LoadClient.values()).map(LoadClient::name));
        String names = alternatives(Arrays.stream(LoadClient.values())
                .flatMap(client -> Stream.of(client.id(), client.label()))
                .distinct());
        String files = alternatives(Arrays.stream(LoadClient.values())
                .flatMap(client -> Stream.concat(Stream.of(client.gcLogFile()), client.logFiles().stream())));
        String name = "\"(?i:" + names + ")\"";
        return Pattern.compile(String.join(
                "|",
                "\\bLoadClient\\s*\\.\\s*(?:" + constants + ")\\b",
                "\\bimport\\s+static\\s+[\\w.]*LoadClient\\.(?:" + constants + "|\\*)",
                "\\.(?i:(?:is)?(?:" + names + "))\\s*\\(\\s*\\)",
                "\\binstanceof\\s+(?:" + names + ")\\w*",
                "\\b(?:equals|equalsIgnoreCase|startsWith|endsWith|contains|matches)\\s*\\(\\s*\"(?i:" + names + ")",
                name + "\\s*\\.\\s*(?:equals|equalsIgnoreCase)\\s*\\(",
                "\\bcase\\s+" + name,
                "\\bcase\\s+(?:" + constants + ")\\s*(?:->|:|,)",
                "\"(?:" + files + ")\"",
                "\\bClientKind\\b"));
    }

    private static String alternatives(Stream<String> words) {
        return words.map(Pattern::quote).collect(Collectors.joining("|"));
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .sorted()
                    .toList();
        }
    }
}
