package lab.threads.runner;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.client.ClientPrograms;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The plan's options of {@code ./lab run}, made from the model's keys ({@link PlanKey}): each key with a description is
 * an option, the lab's own with their defaults, the plan's without one. A new key is then an option, a property of the
 * plan (so {@code --sweep} takes it and run.json records it) with no line here; OptionReferenceTest checks
 * docs/options.md against them.
 */
public final class PlanOptions {

    private PlanOptions() {}

    /** Every key that has an option, as an option of {@code command}. */
    public static void addTo(CommandSpec command) {
        for (PlanKey key : PlanKey.values()) {
            key.description()
                    .ifPresent(description -> command.addOption(OptionSpec.builder(key.flag())
                            .type(String.class)
                            .paramLabel("<" + key.property() + ">")
                            .defaultValue(key.defaultValue())
                            .description(
                                    description + (key.defaultValue() == null ? "" : " Default: ${DEFAULT-VALUE}."))
                            .build()));
        }
    }

    /** The value given to {@code command} of each key that has an option: the lab's own always (their default). */
    public static Map<String, String> given(CommandSpec command) {
        Map<String, String> values = new LinkedHashMap<>();
        for (PlanKey key : PlanKey.values()) {
            if (key.description().isEmpty()) {
                continue;
            }
            String value = command.findOption(key.flag()).getValue();
            if (value == null) {
                value = key.defaultValue();
            }
            if (value != null) {
                values.put(key.property(), value);
            }
        }
        return values;
    }

    /** Whether {@code key}'s option was given (or set by its twins). */
    public static boolean isGiven(CommandSpec command, PlanKey key) {
        return command.findOption(key.flag()).getValue() != null;
    }

    /**
     * The run's plan: {@code --plan}'s as its client reads it ({@link ClientPrograms#plan}), then each value of {@code
     * given} (-J, then the options) parsed once ({@link #with}).
     */
    public static LoadPlan chosen(String plan, Map<String, String> given) throws IOException {
        LoadPlan chosen = ClientPrograms.plan(plan);
        for (Map.Entry<String, String> value : given.entrySet()) {
            chosen = with(chosen, value.getKey(), value.getValue());
        }
        return chosen;
    }

    /**
     * The plan with one value given as text, parsed by the model ({@link LoadPlan#with(String, String)}); a key the
     * runner or the fork sets is refused, as no user gives it.
     */
    static LoadPlan with(LoadPlan plan, String property, String value) {
        PlanKey.SetBy setBy = PlanKey.of(property).map(PlanKey::setBy).orElse(PlanKey.SetBy.PLAN);
        if (setBy == PlanKey.SetBy.TARGET) {
            throw new IllegalArgumentException("'" + property + "' is set by the runner for each server: it cannot be"
                    + " given or swept; use --target to aim at a running server.");
        }
        if (setBy == PlanKey.SetBy.FORK) {
            throw new IllegalArgumentException(
                    "'" + property + "' is set by the runner from " + PlanKey.HOW.flag() + ": give that instead.");
        }
        return plan.with(property, value);
    }
}
