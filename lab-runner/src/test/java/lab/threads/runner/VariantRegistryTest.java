package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import lab.threads.common.Variant;
import lab.threads.runner.process.LabHome;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@link Variant} is the one registry of the servers under test. Every other place that has to name a variant is
 * listed here, built from the registry, and checked; a failure says, per place, what to add where. Adding a variant
 * is then: a module folder, one {@code Variant} line, the root {@code <module>}, and what this test asks for.
 */
class VariantRegistryTest {
    private static final Path HOME = LabHome.locate();
    private static final String REGISTRY = "server-common/src/main/java/lab/threads/common/Variant.java";

    /** One place a variant must appear: where, what to put there, and whether it is there. */
    private record Place(String where, String add, boolean present) {}

    @Test
    void everyPlaceThatNamesAVariantFollowsTheRegistry() throws Exception {
        List<String> rootModules = rootModules();
        String lab = read("lab");
        Map<String, Map<String, Object>> compose = composeServices();
        Set<String> runnerNeeds = labModulesNeededBy("lab-runner");
        List<Place> places = new ArrayList<>();
        for (Variant variant : Variant.values()) {
            places.addAll(placesOf(variant, rootModules, runnerNeeds, compose));
        }
        places.addAll(labScript(lab));
        places.addAll(dockerfilesCopyEveryModulePom(rootModules));
        places.addAll(runnerImageHasTheServersItsBuildNeeds());
        places.addAll(noVariantOutsideTheRegistry(rootModules, compose));

        List<String> missing = places.stream()
                .filter(place -> !place.present())
                .map(place -> "- " + place.where() + ": " + place.add())
                .toList();
        assertTrue(
                missing.isEmpty(),
                "Variant (" + REGISTRY + ") is the registry of the servers; " + missing.size()
                        + " place(s) do not follow it:\n" + String.join("\n", missing) + "\n");
    }

    @Test
    void theRegistryItselfIsConsistent() {
        Set<String> ids = new HashSet<>();
        Set<Integer> ports = new HashSet<>();
        for (Variant variant : Variant.values()) {
            assertTrue(variant.id().startsWith("server-"), variant + ": the id is the module name, server-<name>");
            assertTrue(ids.add(variant.id()), "one line per id: " + variant.id());
            assertTrue(
                    ports.add(variant.defaultPort()),
                    variant.id() + ": a port of its own, not " + variant.defaultPort());
            assertEquals(
                    variant.name(),
                    variant.shortName().toUpperCase(java.util.Locale.ROOT).replace('-', '_'),
                    variant.id() + ": the constant is the short name in capitals");
        }
        assertEquals(
                Variant.DESIGN,
                List.of(Variant.values()).subList(0, Variant.DESIGN.size()),
                "the design's three come first: --servers all and the docs list them first");
    }

    /** What one variant needs outside the registry line. */
    private static List<Place> placesOf(
            Variant variant,
            List<String> rootModules,
            Set<String> runnerNeeds,
            Map<String, Map<String, Object>> compose)
            throws Exception {
        String id = variant.id();
        String constant = "Variant." + variant.name();
        Path module = HOME.resolve(id);
        List<Place> places = new ArrayList<>();
        Path pom = module.resolve("pom.xml");
        places.add(new Place(
                id + "/pom.xml",
                "a module folder " + id + "/ with a pom.xml whose artifactId is " + id
                        + " (copy server-fixed-pool/pom.xml: its parent, main.class, server-undertow and the contract suite's test-jar)",
                Files.isRegularFile(pom) && id.equals(childText(parse(pom).getDocumentElement(), "artifactId"))));
        String mainClass = Files.isRegularFile(pom) ? mainClass(parse(pom)) : null;
        Path mainSource = mainClass == null || mainClass.isBlank()
                ? null
                : module.resolve("src/main/java").resolve(mainClass.replace('.', '/') + ".java");
        places.add(new Place(
                id + "/pom.xml <main.class> and its source",
                "a <main.class> property naming a class under " + id
                        + "/src/main/java whose main calls ServerLauncher.launch(" + constant + ", ...)",
                mainSource != null
                        && Files.isRegularFile(mainSource)
                        && Files.readString(mainSource).contains("ServerLauncher.launch(" + constant)));
        places.add(new Place(
                id + "/src/test/java",
                "a contract test: a class extending ContractSuite whose variant() returns " + constant
                        + " (see server-fixed-pool/src/test)",
                hasContractTest(module.resolve("src/test/java"), constant)));
        places.add(new Place("pom.xml (root) <modules>", "<module>" + id + "</module>", rootModules.contains(id)));
        places.add(new Place(
                "lab-runner/pom.xml",
                "a test-scope dependency on " + id + " (copy server-async's, with its exclusions): lab-runner's tests"
                        + " then start after its contract suite has ended",
                runnerNeeds.contains(id)));

        String shortName = variant.shortName();
        Map<String, Object> service = compose.get(id);
        places.add(new Place(
                "docker-compose.yml",
                "a service " + id + " (<<: *server, profiles [" + shortName
                        + "], build args SERVER_MODULE " + id + " and SERVER_PORT " + variant.defaultPort()
                        + "; ComposeFileTest checks its limits)",
                service != null));
        if (service != null) {
            String ports = "127.0.0.1:" + variant.defaultPort() + ":" + variant.defaultPort();
            places.add(new Place(
                    "docker-compose.yml service " + id,
                    "ports: [\"" + ports + "\"] and image: http-threads-lab/" + id + ":latest",
                    List.of(ports).equals(service.get("ports"))
                            && ("http-threads-lab/" + id + ":latest").equals(service.get("image"))));
        }
        Map<String, Object> bench = compose.get("bench-" + shortName);
        List<String> command = List.of(
                "--servers=" + shortName, "--target=" + shortName + "=http://" + id + ":" + variant.defaultPort());
        places.add(new Place(
                "docker-compose.yml",
                "a service bench-" + shortName + " (<<: *bench, profiles [" + shortName + "], depends_on " + id
                        + " healthy, command " + command + ")",
                bench != null && command.equals(bench.get("command"))));
        Map<String, Object> resultsDir = compose.get("results-dir");
        places.add(new Place(
                "docker-compose.yml service results-dir",
                "'" + shortName + "' in its profiles, so the bench of " + "that profile finds ./results writable",
                resultsDir != null && ((List<?>) resultsDir.get("profiles")).contains(shortName)));
        return places;
    }

    /** ./lab must work before the runner jar is built, so it keeps its own array: checked against the registry. */
    private static List<Place> labScript(String lab) {
        List<String> expected =
                Stream.of(Variant.values()).map(Variant::shortName).toList();
        Matcher array = Pattern.compile("(?m)^VARIANTS=\\(([^)]*)\\)$").matcher(lab);
        List<String> actual = array.find() ? List.of(array.group(1).trim().split("\\s+")) : List.of();
        return List.of(new Place(
                "./lab",
                "VARIANTS=(" + String.join(" ", expected) + "), the registry's short names in its order",
                expected.equals(actual)));
    }

    /**
     * Both images build the whole reactor, so Maven needs every module's pom: the dependency layer copies them one
     * by one (the build argument only picks the variant's sources).
     */
    private static List<Place> dockerfilesCopyEveryModulePom(List<String> rootModules) {
        Set<String> modules = new LinkedHashSet<>(rootModules);
        Stream.of(Variant.values()).map(Variant::id).forEach(modules::add);
        List<Place> places = new ArrayList<>();
        for (String dockerfile : List.of("server.Dockerfile", "lab-runner/Dockerfile")) {
            Set<String> lines = lines(read(dockerfile));
            for (String module : modules) {
                String line = "COPY " + module + "/pom.xml " + module + "/";
                places.add(new Place(
                        dockerfile, "the line '" + line + "' beside the other modules' poms", lines.contains(line)));
            }
        }
        return places;
    }

    /** lab-runner/Dockerfile builds the runner with -am: the sources of every server module it depends on (its tests'). */
    private static List<Place> runnerImageHasTheServersItsBuildNeeds() throws Exception {
        Set<String> lines = lines(read("lab-runner/Dockerfile"));
        List<Place> places = new ArrayList<>();
        for (String module : labModulesNeededBy("lab-runner")) {
            if (module.startsWith("server-")) {
                String line = "COPY " + module + "/src/main " + module + "/src/main";
                places.add(new Place(
                        "lab-runner/Dockerfile",
                        "the line '" + line + "' (lab-runner depends on " + module + ")",
                        lines.contains(line)));
            }
        }
        return places;
    }

    /** The other way round: a runnable server module or a compose server that the registry does not know. */
    private static List<Place> noVariantOutsideTheRegistry(
            List<String> rootModules, Map<String, Map<String, Object>> compose) throws Exception {
        Set<String> ids =
                new HashSet<>(Stream.of(Variant.values()).map(Variant::id).toList());
        List<Place> places = new ArrayList<>();
        for (String module : rootModules) {
            String mainClass = mainClass(parse(HOME.resolve(module).resolve("pom.xml")));
            if (module.startsWith("server-") && mainClass != null && !mainClass.isBlank()) {
                places.add(new Place(
                        REGISTRY,
                        "a line for the runnable module " + module + " (id, framework, threading model, " + "port)",
                        ids.contains(module)));
            }
        }
        for (String service : compose.keySet()) {
            if (service.startsWith("server-")) {
                places.add(new Place(REGISTRY, "a line for the compose service " + service, ids.contains(service)));
            }
        }
        return places;
    }

    private static boolean hasContractTest(Path tests, String constant) throws IOException {
        if (!Files.isDirectory(tests)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(tests)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .map(VariantRegistryTest::readFile)
                    .anyMatch(source -> source.contains("extends ContractSuite") && source.contains(constant));
        }
    }

    /** The lab.threads modules a module needs to build, in any scope, transitively (what Maven's -am builds). */
    private static Set<String> labModulesNeededBy(String module) throws Exception {
        Set<String> needed = new LinkedHashSet<>();
        List<String> todo = new ArrayList<>(List.of(module));
        while (!todo.isEmpty()) {
            Path pom = HOME.resolve(todo.removeFirst()).resolve("pom.xml");
            NodeList dependencies = parse(pom).getElementsByTagName("dependency");
            for (int i = 0; i < dependencies.getLength(); i++) {
                Element dependency = (Element) dependencies.item(i);
                String artifact = childText(dependency, "artifactId");
                if ("lab.threads".equals(childText(dependency, "groupId")) && needed.add(artifact)) {
                    todo.add(artifact);
                }
            }
        }
        return needed;
    }

    private static List<String> rootModules() throws Exception {
        NodeList modules = parse(HOME.resolve("pom.xml")).getElementsByTagName("module");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < modules.getLength(); i++) {
            // Only <modules>' own: the Checkstyle rules inline in the pom are <module>s too.
            if (modules.item(i).getParentNode().getNodeName().equals("modules")) {
                names.add(modules.item(i).getTextContent().trim());
            }
        }
        return names;
    }

    private static String mainClass(Document pom) {
        NodeList properties = pom.getDocumentElement().getElementsByTagName("properties");
        return properties.getLength() == 0 ? null : childText((Element) properties.item(0), "main.class");
    }

    private static Map<String, Map<String, Object>> composeServices() throws IOException {
        return ComposeServices.of(HOME);
    }

    private static Document parse(Path xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
    }

    /** The text of a direct child element, or null. */
    private static String childText(Element parent, String name) {
        for (var node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element child && child.getTagName().equals(name)) {
                return child.getTextContent().trim();
            }
        }
        return null;
    }

    private static Set<String> lines(String text) {
        return new HashSet<>(text.lines().map(String::strip).toList());
    }

    private static String read(String relative) {
        return readFile(HOME.resolve(relative));
    }

    private static String readFile(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
