package lab.threads.process;

import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * An option's twins: one name per setting, three ways to give it. The flag {@code --sleep-ms} is also the system
 * property {@code lab.sleep-ms} and the environment variable {@code LAB_SLEEP_MS}. A flag wins over a property, a
 * property over the environment, the environment over the built-in default.
 */
public final class OptionTwins implements IDefaultValueProvider {
    private final UnaryOperator<String> environment;
    private final Map<String, String> fallbacks;

    /** @param fallbacks defaults that are not constants (per-variant port, limits read from the OS), by flag name */
    public OptionTwins(Map<String, String> fallbacks) {
        this(System::getenv, fallbacks);
    }

    /**
     * @param environment the environment variables to read, by name: {@code System::getenv}, or a test's own
     * @param fallbacks   defaults that are not constants, by flag name
     */
    public OptionTwins(UnaryOperator<String> environment, Map<String, String> fallbacks) {
        this.environment = environment;
        this.fallbacks = fallbacks;
    }

    public static String propertyName(String flag) {
        return "lab." + bare(flag);
    }

    public static String environmentName(String flag) {
        return "LAB_" + bare(flag).replace('-', '_').toUpperCase(Locale.ROOT);
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option)) {
            return null;
        }
        String flag = option.longestName();
        String given = given(flag);
        return given != null ? given : fallbacks.get(flag);
    }

    /** The value set on purpose by the flag's property or environment variable; null when neither is set. */
    public String given(String flag) {
        String fromProperty = System.getProperty(propertyName(flag));
        if (fromProperty != null) {
            return fromProperty;
        }
        String fromEnvironment = environment.apply(environmentName(flag));
        return fromEnvironment != null && !fromEnvironment.isBlank() ? fromEnvironment : null;
    }

    private static String bare(String flag) {
        return flag.replaceFirst("^-+", "");
    }
}
