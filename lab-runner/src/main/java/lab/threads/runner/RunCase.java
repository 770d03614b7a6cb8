package lab.threads.runner;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import lab.threads.model.plan.LoadPlan;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.Sweep;

/**
 * One measured configuration: a sweep level and a repeat, each with its own folder; a plain run's is the run folder.
 *
 * @param folder relative to the run folder: "", "users-1000", "repeat-2" or "users-1000/repeat-2"
 */
record RunCase(String folder, LoadPlan plan, int repeat) {

    /** Each level's plan checked here, its ideal included, before anything runs. */
    static List<RunCase> expand(LoadPlan base, Sweep sweep, int repeats) throws IOException {
        List<RunCase> cases = new ArrayList<>();
        List<String> levels = sweep == null ? List.of(base.name()) : sweep.values();
        for (String level : levels) {
            LoadPlan plan = sweep == null ? base : PlanOptions.with(base, sweep.property(), level);
            PlanShape.of(plan);
            for (int repeat = 1; repeat <= repeats; repeat++) {
                List<String> parts = new ArrayList<>();
                if (sweep != null) {
                    parts.add(sweep.folder(level));
                }
                if (repeats > 1) {
                    parts.add(RunFolder.REPEAT_PREFIX + repeat);
                }
                cases.add(new RunCase(String.join("/", parts), plan, repeat));
            }
        }
        return cases;
    }
}
