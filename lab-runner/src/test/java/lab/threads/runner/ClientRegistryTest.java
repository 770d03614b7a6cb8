package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.client.ClientProgram;
import lab.threads.client.ClientPrograms;
import lab.threads.model.client.LoadClient;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.Test;

/**
 * {@link LoadClient} is the one registry of the load clients, as {@code Variant} is of the servers: every client
 * module in the reactor has its line and every line its module, whose {@link ClientProgram} the runner finds on its
 * classpath. Adding a client is then: a module {@code client-<id>} providing its program, and one line in the
 * registry; a failure says what to add where.
 */
class ClientRegistryTest {
    private static final Path HOME = LabHome.locate();
    private static final String REGISTRY = "lab-run-model/src/main/java/lab/threads/model/client/LoadClient.java";
    private static final String SERVICE = "src/main/resources/META-INF/services/" + ClientProgram.class.getName();

    @Test
    void everyClientModuleIsALineOfTheRegistryAndEveryLineAModuleWithItsProgram() throws Exception {
        List<String> clientModules = rootModules().stream()
                .filter(module -> module.startsWith("client-"))
                .toList();
        String runnerPom = Files.readString(HOME.resolve("lab-runner/pom.xml"));
        String runnerImage = Files.readString(HOME.resolve("lab-runner/Dockerfile"));
        List<String> missing = new ArrayList<>();
        for (LoadClient client : LoadClient.values()) {
            String module = client.module();
            check(missing, clientModules.contains(module), "pom.xml (root): <module>" + module + "</module>");
            check(
                    missing,
                    runnerPom.contains("<artifactId>" + module + "</artifactId>"),
                    "lab-runner/pom.xml: a dependency on " + module
                            + " (the runner finds its program on its classpath)");
            check(
                    missing,
                    dependencyOn(runnerPom, module).contains("<scope>runtime</scope>"),
                    "lab-runner/pom.xml: <scope>runtime</scope> in the dependency on " + module
                            + " (the runner compiles against lab-client alone and asks the client's program the rest)");
            check(
                    missing,
                    runnerImage.contains("COPY " + module + "/src/main " + module + "/src/main"),
                    "lab-runner/Dockerfile: COPY " + module + "/src/main " + module + "/src/main");
            List<ClientProgram> programs = ClientPrograms.all().stream()
                    .filter(program -> program.client() == client)
                    .toList();
            check(
                    missing,
                    programs.size() == 1,
                    module + "/" + SERVICE + ": the class of " + module + " that implements ClientProgram for "
                            + "LoadClient." + client.name() + " (found " + programs.size() + ")");
            for (ClientProgram program : programs) {
                check(
                        missing,
                        codeOf(program).contains(module),
                        program.getClass().getName() + " is " + client.name() + "'s program: it belongs in " + module);
                check(
                        missing,
                        !program.names().isEmpty() && program.names().getFirst().equals(client.id()),
                        program.getClass().getName() + ".names(): its first name is its id, " + client.id());
            }
        }
        for (String module : clientModules) {
            check(
                    missing,
                    Arrays.stream(LoadClient.values())
                            .anyMatch(client -> client.module().equals(module)),
                    REGISTRY + ": a line for the module " + module + " (id, module, its words and files)");
        }
        assertTrue(
                missing.isEmpty(),
                "LoadClient (" + REGISTRY + ") is the registry of the load clients; " + missing.size()
                        + " place(s) do not follow it:\n" + String.join("\n", missing) + "\n");
    }

    @Test
    void everyNameOfClientChoosesOneClientOnly() {
        Set<String> names = new HashSet<>();
        for (ClientProgram program : ClientPrograms.all()) {
            for (String name : program.names()) {
                assertTrue(names.add(name), "--client " + name + " names two clients");
                assertEquals(program.client(), ClientPrograms.choose(name).program(), "--client " + name);
            }
        }
        assertEquals(LoadClient.values().length, ClientPrograms.all().size(), "one program per line");
    }

    private static void check(List<String> missing, boolean present, String what) {
        if (!present) {
            missing.add("- " + what);
        }
    }

    private static String codeOf(ClientProgram program) throws URISyntaxException {
        return Path.of(program.getClass()
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString();
    }

    private static List<String> rootModules() throws IOException {
        Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(HOME.resolve("pom.xml")));
        List<String> modules = new ArrayList<>();
        while (module.find()) {
            modules.add(module.group(1));
        }
        return modules;
    }

    /** The {@code <dependency>} element of a pom naming this artifact, empty when it has none. */
    private static String dependencyOn(String pom, String artifactId) {
        Matcher dependency = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL)
                .matcher(pom);
        while (dependency.find()) {
            if (dependency.group(1).contains("<artifactId>" + artifactId + "</artifactId>")) {
                return dependency.group(1);
            }
        }
        return "";
    }
}
