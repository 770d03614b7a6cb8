package lab.threads.common;

import java.util.Locale;

/**
 * Whose load settings a server runs with: the lab's, equal everywhere, or each framework's own. Only the four equal
 * settings differ; the {@link HttpLimits} are the contract in both.
 */
public enum SettingsMode {
    LAB("the lab's equal settings"),
    STOCK("each framework's defaults");

    private final String meaning;

    SettingsMode(String meaning) {
        this.meaning = meaning;
    }

    /** The mode named {@code value}; the message names the option and the valid values. */
    public static SettingsMode parse(String option, String value) {
        for (SettingsMode mode : values()) {
            if (mode.toString().equalsIgnoreCase(value.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException(option + " must be lab or stock, got '" + value + "'.");
    }

    /** E.g. "stock (each framework's defaults)", for reports. */
    public String label() {
        return this + " (" + meaning + ")";
    }

    /** The name as flags take it: lab, stock. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
