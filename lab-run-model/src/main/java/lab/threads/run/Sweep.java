package lab.threads.run;

import java.util.List;
import java.util.Optional;

/** {@code --sweep users=100,1000,5000}: one plan property and the values it takes, in order. */
public record Sweep(String property, List<String> values) {

    public static Sweep parse(String text) {
        int equals = text.indexOf('=');
        List<String> values =
                equals < 0 ? List.of() : List.of(text.substring(equals + 1).split(","));
        if (equals <= 0 || values.isEmpty() || values.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException(
                    "--sweep takes <property>=<value>,<value>,..., e.g. --sweep users=100,1000,5000; got '" + text
                            + "'.");
        }
        return new Sweep(
                text.substring(0, equals).trim().replace('-', '_'),
                values.stream().map(String::trim).toList());
    }

    /** The folder of one level's cases, e.g. {@code users-1000}. */
    public String folder(String level) {
        return property + "-" + level;
    }

    /** The level whose cases a folder holds: the inverse of {@link #folder}; empty for a folder of no level. */
    public Optional<String> levelOf(String folder) {
        return values.stream().filter(level -> folder(level).equals(folder)).findFirst();
    }
}
