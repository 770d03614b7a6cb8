package lab.threads.runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lab.threads.report.PlanShape;

/**
 * The plan of a run: a bundled one by name ({@code talk}, {@code smoke}) or a .jmx file, with its knobs. A plan's
 * defaults are read from its own {@code ${__P(name,default)}} references, so a plan edited in the JMeter GUI keeps
 * telling the runner the truth.
 */
record PlanChoice(String name, String location, Map<String, String> properties) {
    static final Set<String> BUNDLED = Set.of("talk", "smoke");
    /** Filled in per server by the runner, never by the user. */
    static final Set<String> TARGET_PROPERTIES = Set.of("host", "port");
    private static final Pattern PROPERTY_REFERENCE = Pattern.compile("\\$\\{__P\\(([A-Za-z0-9_.-]+),([^)]*)\\)}");

    /**
     * @param plan      a bundled plan's name or a path to a .jmx file
     * @param overrides properties given on the command line; each must be a knob of the plan
     */
    static PlanChoice resolve(String plan, Map<String, String> overrides) throws IOException {
        String location;
        String text;
        if (BUNDLED.contains(plan)) {
            location = "jmeter-plans/" + plan + ".jmx";
            try (InputStream in = PlanChoice.class.getClassLoader().getResourceAsStream(location)) {
                if (in == null) {
                    throw new IllegalStateException("the bundled plan " + location + " is missing from the classpath: rebuild with ./mvnw package");
                }
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } else {
            Path file = Path.of(plan);
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("Unknown plan '" + plan + "'. Use one of " + new TreeSet<>(BUNDLED)
                        + " or the path of a .jmx file.");
            }
            location = file.toAbsolutePath().toString();
            text = Files.readString(file);
        }
        Map<String, String> properties = defaults(text);
        for (Map.Entry<String, String> override : overrides.entrySet()) {
            if (TARGET_PROPERTIES.contains(override.getKey())) {
                throw new IllegalArgumentException("'" + override.getKey() + "' is set by the runner for each server; use --target to aim at a running server.");
            }
            if (!properties.containsKey(override.getKey())) {
                throw new IllegalArgumentException("The plan '" + plan + "' has no property '" + override.getKey()
                        + "'. Its properties: " + properties.keySet() + ".");
            }
            properties.put(override.getKey(), override.getValue());
        }
        properties.keySet().removeAll(TARGET_PROPERTIES);
        String name = BUNDLED.contains(plan) ? plan : Path.of(plan).getFileName().toString().replaceFirst("\\.jmx$", "");
        return new PlanChoice(name, location, properties);
    }

    /** The same plan with one more property set, checked as a command-line override is. */
    PlanChoice with(String property, String value) {
        if (TARGET_PROPERTIES.contains(property) || !properties.containsKey(property)) {
            throw new IllegalArgumentException("The plan '" + name + "' has no property '" + property + "' to vary. Its properties: "
                    + properties.keySet() + ".");
        }
        Map<String, String> changed = new LinkedHashMap<>(properties);
        changed.put(property, value);
        return new PlanChoice(name, location, changed);
    }

    /** The shape that defines the ideal run; every figure must be a number the plan can use. */
    PlanShape shape() {
        // JMeter reads the ramp-up as whole seconds (1.5 would silently become 0), so it must be one here too.
        return new PlanShape(positiveInt("users"), nonNegativeLong("rampup"), positiveInt("loops"), nonNegativeLong("sleep_ms"));
    }

    static Map<String, String> defaults(String planText) {
        Map<String, String> defaults = new LinkedHashMap<>();
        Matcher reference = PROPERTY_REFERENCE.matcher(planText);
        while (reference.find()) {
            defaults.putIfAbsent(reference.group(1), reference.group(2));
        }
        return defaults;
    }

    private int positiveInt(String key) {
        long value = nonNegativeLong(key);
        if (value < 1 || value > Integer.MAX_VALUE) {
            throw invalid(key, "a whole number of at least 1");
        }
        return (int) value;
    }

    private long nonNegativeLong(String key) {
        try {
            long value = Long.parseLong(required(key).trim());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw invalid(key, "a whole number >= 0");
    }

    private String required(String key) {
        String value = properties.get(key);
        if (value == null) {
            throw new IllegalArgumentException("The plan '" + name + "' has no '" + key + "' property (${__P(" + key
                    + ",...)}), so the runner cannot work out its ideal throughput.");
        }
        return value;
    }

    private IllegalArgumentException invalid(String key, String expected) {
        return new IllegalArgumentException("Plan property '" + key + "' must be " + expected + ", got '" + properties.get(key) + "'.");
    }
}
