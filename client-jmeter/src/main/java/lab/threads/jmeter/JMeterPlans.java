package lab.threads.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanModel;

/**
 * JMeter's plans: the bundled ones by name ({@code jmeter-plans/<name>.jmx} on the classpath) and any .jmx file, their
 * properties and defaults read from their own {@code ${__P(name,default)}}, so a plan edited in the GUI stays true; one
 * with an Open Model Thread Group is open.
 */
final class JMeterPlans {

    /** The plans jmeter-plans bundles. */
    static final List<String> BUNDLED = List.of("talk", "smoke", "open", "spike", "step", "hold");

    private static final String OPEN_GROUP = "testclass=\"OpenModelThreadGroup\"";
    private static final Pattern PROPERTY_REFERENCE = Pattern.compile("\\$\\{__P\\(([A-Za-z0-9_.-]+),([^)]*)\\)}");

    private JMeterPlans() {}

    /** A bundled plan, read from the classpath. */
    static LoadPlan bundled(String name) throws IOException {
        String location = "jmeter-plans/" + name + ".jmx";
        try (InputStream in = JMeterPlans.class.getClassLoader().getResourceAsStream(location)) {
            if (in == null) {
                throw new IllegalStateException(
                        "the bundled plan " + location + " is missing from the classpath: rebuild with ./mvnw package");
            }
            return read(name, location, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** Any file, read as a .jmx: its name without the extension is the plan's. */
    static LoadPlan file(Path file) throws IOException {
        return read(
                file.getFileName().toString().replaceFirst("\\.jmx$", ""),
                file.toAbsolutePath().toString(),
                Files.readString(file));
    }

    private static LoadPlan read(String name, String location, String text) {
        return LoadPlan.read(
                name,
                location,
                LoadClient.JMETER,
                text.contains(OPEN_GROUP) ? PlanModel.OPEN : PlanModel.CLOSED,
                defaults(text));
    }

    /** Each {@code ${__P(name,default)}} of a plan's text, the first default of a name where it has several. */
    static Map<String, String> defaults(String planText) {
        Map<String, String> defaults = new LinkedHashMap<>();
        Matcher reference = PROPERTY_REFERENCE.matcher(planText);
        while (reference.find()) {
            defaults.putIfAbsent(reference.group(1), reference.group(2));
        }
        return defaults;
    }
}
