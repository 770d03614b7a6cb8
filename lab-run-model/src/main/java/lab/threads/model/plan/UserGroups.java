package lab.threads.model.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * The users of a plan whose load changes over time, as groups that each start at a second and hold their users for a
 * while (spike, step), read from the same keys by every client. Groups add up; a split load gives each process its
 * share of every group.
 */
public final class UserGroups {

    /** The bundled plans whose users come in groups, which any client may send from the same keys ({@link #of}). */
    public static final java.util.Set<String> PLANS = java.util.Set.of("spike", "step");

    /** The thread groups of jmeter-plans/step.jmx, one a step. */
    public static final int MAX_STEPS = 10;

    /**
     * @param startSecond from the schedule's start
     * @param rampSeconds over which its users start, evenly (user k of n at ramp x k / n); all stop at the group's end
     */
    public record Group(long startSecond, long seconds, int users, double rampSeconds) {

        /** A group whose users all start at its start. */
        public Group(long startSecond, long seconds, int users) {
            this(startSecond, seconds, users, 0);
        }

        public long endSecond() {
            return startSecond + seconds;
        }
    }

    private UserGroups() {}

    /**
     * The plan's groups: a spike plan's base for its duration and its spike on top; a step plan's steps, each running
     * to the plan's end; empty for any other plan.
     *
     * @throws IllegalArgumentException naming the keys when the schedule cannot run (a spike past the duration)
     */
    public static List<Group> of(LoadPlan plan) {
        if (plan.has(PlanKey.SPIKE_FACTOR)) {
            return spike(plan);
        }
        if (plan.has(PlanKey.STEP_SECONDS)) {
            return steps(plan);
        }
        return List.of();
    }

    private static List<Group> spike(LoadPlan plan) {
        int base = Math.toIntExact(plan.get(PlanKey.USERS, 0));
        long factor = plan.get(PlanKey.SPIKE_FACTOR, 1);
        long at = plan.get(PlanKey.SPIKE_AT, 0);
        long spike = plan.get(PlanKey.SPIKE_SECONDS, 0);
        long duration = plan.get(PlanKey.DURATION, 0);
        if (at + spike > duration) {
            throw new IllegalArgumentException("The spike (" + PlanKey.SPIKE_AT.flag() + " " + at + ", "
                    + PlanKey.SPIKE_SECONDS.flag() + " " + spike + ") must end within the plan's "
                    + PlanKey.DURATION.flag() + " " + duration + ".");
        }
        return List.of(
                new Group(0, duration, base, plan.get(PlanKey.RAMPUP, 0)),
                new Group(
                        at,
                        spike,
                        Math.toIntExact(Math.multiplyExact(base, factor - 1)),
                        plan.get(PlanKey.SPIKE_RAMPUP, 0)));
    }

    private static List<Group> steps(LoadPlan plan) {
        int users = Math.toIntExact(plan.get(PlanKey.USERS, 0));
        long steps = plan.get(PlanKey.STEPS, 1);
        long seconds = plan.get(PlanKey.STEP_SECONDS, 0);
        List<Group> groups = new ArrayList<>();
        for (long k = 0; k < steps; k++) {
            groups.add(new Group(k * seconds, (steps - k) * seconds, users, plan.get(PlanKey.RAMPUP, 0)));
        }
        return groups;
    }

    /** The most users at once: every group's, as they all run at the peak. */
    public static int peakUsers(List<Group> groups) {
        return groups.stream().mapToInt(Group::users).sum();
    }
}
