package lab.threads.runner;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import lab.threads.report.runs.RunFiles;

/**
 * One measured configuration of a run: a level of the sweep and a repeat, each with its own folder. A plain run is
 * one case whose folder is the run folder itself, so its layout stays {@code results/<timestamp>/<server>/}.
 *
 * @param folder relative to the run folder: "", "users-1000", "repeat-2" or "users-1000/repeat-2"
 * @param level  the swept property's value, or the plan's name when nothing is swept
 */
record RunCase(String folder, PlanChoice plan, String level, int repeat) {

    static List<RunCase> expand(PlanChoice base, Sweep sweep, int repeats) throws IOException {
        List<RunCase> cases = new ArrayList<>();
        List<String> levels = sweep == null ? List.of(base.name()) : sweep.values();
        for (String level : levels) {
            PlanChoice plan = sweep == null ? base : base.with(sweep.property(), level);
            plan.shape();
            for (int repeat = 1; repeat <= repeats; repeat++) {
                List<String> parts = new ArrayList<>();
                if (sweep != null) {
                    parts.add(sweep.folder(level));
                }
                if (repeats > 1) {
                    parts.add(RunFiles.REPEAT_PREFIX + repeat);
                }
                cases.add(new RunCase(String.join("/", parts), plan, level, repeat));
            }
        }
        return cases;
    }

    /** {@code --sweep users=100,1000,5000}: one plan property and the values it takes, in order. */
    record Sweep(String property, List<String> values) {

        static Sweep parse(String text) {
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
        String folder(String level) {
            return property + "-" + level;
        }

        /** The level whose cases a folder holds: the inverse of {@link #folder}; empty for a folder of no level. */
        Optional<String> levelOf(String folder) {
            return values.stream().filter(level -> folder(level).equals(folder)).findFirst();
        }
    }
}
