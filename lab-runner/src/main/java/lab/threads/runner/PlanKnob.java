package lab.threads.runner;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import lab.threads.common.PoolDefaults;
import lab.threads.model.wait.WaitKind;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The lab's own plan knobs: the ones every plan takes, whichever client runs it, because the runner, not the plan's
 * .jmx, knows them. Each is one line here, and that line is all a new knob needs to be an option of {@code ./lab run}
 * (with its property and environment twins, {@link #addTo}), a property of every plan (so {@code --sweep} takes it and
 * run.json records it), checked before the load ({@link #checked}), and a typed value the client forks read
 * ({@link PlanChoice#how()}, in each load's request); what a client makes of it is the fork's, and only there does it
 * become a JMeter property. Its line in docs/options.md is checked against the CLI by OptionReferenceTest.
 */
enum PlanKnob {
    /** How each request waits its ms on the server: {@code /sleep?ms=N&how=X}, no {@code how=} for the plain sleep. */
    HOW(
            "how",
            WaitKind.SLEEP.id(),
            "How each request waits its ms on the server: one of the servers' waits (" + WaitKind.ids()
                    + "), sent as /sleep?ms=N&how=<wait>; sleep sends no how=.",
            value -> WaitKind.of(value)
                    .map(WaitKind::id)
                    .orElseThrow(() -> new IllegalArgumentException(
                            "--how must be one of the servers' waits (" + WaitKind.ids() + "), got '" + value + "'."))),
    /** HikariCP's maximumPoolSize on the servers the runner starts: with how=db, the ceiling is this over the wait. */
    DB_POOL(
            "db_pool",
            Integer.toString(PoolDefaults.DB_POOL),
            "how=db: the servers' HikariCP maximumPoolSize (as HikariCP ships it); the plan's ideal is the smaller of"
                    + " users / wait and this / wait.",
            value -> whole(value, "--db-pool", 1)),
    /** HikariCP's connectionTimeout: a borrow that waits longer answers 503 db_pool_timeout. */
    DB_POOL_TIMEOUT_MS(
            "db_pool_timeout_ms",
            Long.toString(PoolDefaults.DB_POOL_TIMEOUT_MS),
            "how=db: HikariCP's connectionTimeout (as it ships); a request that waits longer for a connection answers"
                    + " 503 db_pool_timeout.",
            value -> whole(value, "--db-pool-timeout-ms", 250)),
    /** HttpClient 5's connections to the downstream: with how=http-pool, the ceiling is this over the wait. */
    HTTP_POOL(
            "http_pool",
            Integer.toString(PoolDefaults.HTTP_POOL),
            "how=http-pool: the servers' HttpClient 5 connections to the downstream (as it ships, per route); the"
                    + " plan's ideal is the smaller of users / wait and this / wait.",
            value -> whole(value, "--http-pool", 1)),
    /** HttpClient 5's connection-request timeout: a borrow that waits longer answers 503 http_pool_timeout. */
    HTTP_POOL_TIMEOUT_MS(
            "http_pool_timeout_ms",
            Long.toString(PoolDefaults.HTTP_POOL_TIMEOUT_MS),
            "how=http-pool: HttpClient 5's connection-request timeout (as it ships); a request that waits longer"
                    + " answers 503 http_pool_timeout.",
            value -> whole(value, "--http-pool-timeout-ms", 0));

    /** The knobs the runner passes to the servers it starts as their own flags of the same names. */
    static final List<PlanKnob> POOLS = List.of(DB_POOL, DB_POOL_TIMEOUT_MS, HTTP_POOL, HTTP_POOL_TIMEOUT_MS);

    private final String property;
    private final String defaultValue;
    private final String description;
    private final UnaryOperator<String> check;

    PlanKnob(String property, String defaultValue, String description, UnaryOperator<String> check) {
        this.property = property;
        this.defaultValue = defaultValue;
        this.description = description;
        this.check = check;
    }

    /** Its plan property, as run.json and {@code --sweep} name it. */
    String property() {
        return property;
    }

    String defaultValue() {
        return defaultValue;
    }

    /** Its option: the property with {@code -} for {@code _}. */
    String flag() {
        return "--" + property.replace('_', '-');
    }

    /** The value as the plan keeps it; a bad one refused in one line, naming the values it takes. */
    String checked(String value) {
        return check.apply(value.trim());
    }

    /** A whole number of at least {@code min}, as the plan keeps it; refused in words otherwise. */
    private static String whole(String value, String flag, long min) {
        try {
            if (Long.parseLong(value) >= min) {
                return value;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(
                flag + " takes a whole number of at least " + min + ", got '" + value + "'.");
    }

    static Optional<PlanKnob> of(String property) {
        for (PlanKnob knob : values()) {
            if (knob.property.equals(property)) {
                return Optional.of(knob);
            }
        }
        return Optional.empty();
    }

    /** Every knob as an option of {@code command}, its default the knob's (or lab.<name> / LAB_<NAME>). */
    static void addTo(CommandSpec command) {
        for (PlanKnob knob : values()) {
            command.addOption(OptionSpec.builder(knob.flag())
                    .type(String.class)
                    .paramLabel("<" + knob.property + ">")
                    .defaultValue(knob.defaultValue)
                    .description(knob.description + " Default: ${DEFAULT-VALUE}.")
                    .build());
        }
    }

    /** Each knob's value as given to {@code command} (its default when not). */
    static Map<String, String> given(CommandSpec command) {
        Map<String, String> values = new java.util.LinkedHashMap<>();
        for (PlanKnob knob : values()) {
            String value = command.findOption(knob.flag()).getValue();
            values.put(knob.property, value == null ? knob.defaultValue : value);
        }
        return values;
    }

    /** The plan's properties but the knobs a load carries typed ({@link #HOW}: {@code LoadRequest.how}). */
    static Map<String, String> untyped(Map<String, String> planProperties) {
        Map<String, String> properties = new java.util.LinkedHashMap<>(planProperties);
        properties.remove(HOW.property);
        return properties;
    }
}
