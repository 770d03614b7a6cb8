package lab.threads.runner;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import lab.threads.report.runs.RunFiles;
import lab.threads.report.runs.SweepPoint;
import lab.threads.report.summary.ServerSummary;

/**
 * One measured configuration of a run: a level of the sweep and a repeat, each with its own folder. A plain run is
 * one case whose folder is the run folder itself, so its layout stays {@code results/<timestamp>/<server>/}.
 *
 * @param folder relative to the run folder: "", "users-1000", "repeat-2" or "users-1000/repeat-2"
 */
record RunCase(String folder, PlanChoice plan, int repeat) {

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
                cases.add(new RunCase(String.join("/", parts), plan, repeat));
            }
        }
        return cases;
    }

    /**
     * The sweep page's points: each server at each level, over its repeats. The run groups its cases so as they end,
     * and {@code ./lab report} a finished run's from their folders: one grouping, so a report redone says what the
     * run said.
     *
     * @param sweep    the run's --sweep; null for repeats alone, whose one level is the plan's name
     * @param byFolder each case's servers, by the case's folder, in the order they ran
     */
    static List<SweepPoint> points(Sweep sweep, String planName, Map<String, List<ServerSummary>> byFolder) {
        Map<String, List<ServerSummary>> byLevel = new LinkedHashMap<>();
        byFolder.forEach((folder, servers) -> byLevel.computeIfAbsent(
                        sweep == null
                                ? planName
                                : sweep.levelOf(folder.split("/")[0]).orElse(folder),
                        level -> new ArrayList<>())
                .addAll(servers));
        return SweepPoint.all(sweep == null ? SweepPoint.NO_SWEEP : sweep.property(), byLevel);
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
