package lab.threads.runner;

import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.model.plan.PlanKey;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The plan's options of {@code ./lab run}, made from the model's keys ({@link PlanKey}) rather than spelled here: each
 * key with a description is an option (with its property and environment twins, as every option of the command), the
 * lab's own ({@link PlanKey.SetBy#LAB}, {@link PlanKey.SetBy#SERVERS}) with their defaults, the plan's without one (the
 * plan's own stands). A new key is then an option, a property of the plan (so {@code --sweep} takes it and run.json
 * records it) and checked where it is given ({@link PlanChoice}) with no line here. Its line in docs/options.md is
 * checked against the CLI by OptionReferenceTest.
 */
final class PlanOptions {

    private PlanOptions() {}

    /** Every key that has an option, as an option of {@code command}. */
    static void addTo(CommandSpec command) {
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
    static Map<String, String> given(CommandSpec command) {
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
    static boolean isGiven(CommandSpec command, PlanKey key) {
        return command.findOption(key.flag()).getValue() != null;
    }
}
