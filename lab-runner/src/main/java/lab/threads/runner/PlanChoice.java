package lab.threads.runner;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.threads.client.ClientPlan;
import lab.threads.client.ClientPrograms;
import lab.threads.client.PlanAsked;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.UserGroups;
import lab.threads.model.wait.WaitKind;
import lab.threads.run.PlanShape;

/**
 * The plan of a run, as its client reads it ({@link ClientPrograms#plan}): one a client brings by name ({@code talk},
 * {@code smoke}, {@code open}, {@code throughput}) or a file of a client's format, with the run's knobs set on it. The
 * plan's model ({@link ClientPlan.Model}) decides its knobs and its ideal.
 *
 * @param client the client whose plan it is, the only one that runs it
 */
record PlanChoice(
        String name, String location, Map<String, String> properties, ClientPlan.Model model, LoadClient client) {
    /** Filled in per server by the runner, never by the user. */
    static final Set<String> TARGET_PROPERTIES = Set.of("host", "port");
    /** Set at each client's fork from the load itself ({@link LoadPlan#HOW_QUERY}, {@link LoadPlan#RID_PREFIX}). */
    static final Set<String> FORK_PROPERTIES = Set.of(LoadPlan.HOW_QUERY, LoadPlan.RID_PREFIX);

    /**
     * @param plan      a bundled plan's name or the path of a plan file
     * @param overrides properties given on the command line; each must be a knob of the plan
     */
    static PlanChoice resolve(String plan, Map<String, String> overrides) throws IOException {
        ClientPlan read = ClientPrograms.plan(plan);
        Map<String, String> properties = read.knobs();
        properties.keySet().removeAll(FORK_PROPERTIES);
        for (PlanKnob knob : PlanKnob.values()) {
            properties.put(knob.property(), knob.defaultValue());
        }
        for (Map.Entry<String, String> override : overrides.entrySet()) {
            if (TARGET_PROPERTIES.contains(override.getKey())) {
                throw new IllegalArgumentException("'" + override.getKey()
                        + "' is set by the runner for each server; use --target to aim at a running server.");
            }
            if (FORK_PROPERTIES.contains(override.getKey())) {
                throw new IllegalArgumentException(
                        "'" + override.getKey() + "' is set by the runner from the lab's own knobs: use --how.");
            }
            checkKnob(read.name(), read.model(), properties, override.getKey());
            properties.put(override.getKey(), checkedValue(override.getKey(), override.getValue()));
        }
        properties.keySet().removeAll(TARGET_PROPERTIES);
        PlanChoice chosen = new PlanChoice(read.name(), read.location(), properties, read.model(), read.client());
        if (!read.readsHow() && chosen.how() != WaitKind.SLEEP) {
            throw new IllegalArgumentException(
                    "The plan '" + read.name() + "' does not read ${__P(" + LoadPlan.HOW_QUERY
                            + ",)} after its ?ms= (as jmeter-plans/talk.jmx does), so --how "
                            + chosen.how().id()
                            + " would not reach the server: add it to the request's path.");
        }
        return chosen;
    }

    /** A property the plan lacks is refused, naming the model's own knobs when it belongs to another model. */
    private static void checkKnob(
            String name, ClientPlan.Model model, Map<String, String> properties, String property) {
        if (properties.containsKey(property)) {
            return;
        }
        if (model == ClientPlan.Model.CLOSED && isKnobOf(ClientPlan.Model.OPEN, property)) {
            throw new IllegalArgumentException(
                    "'" + property + "' is a knob of open plans (arrivals at a fixed rate), and the plan '" + name
                            + "' is closed (each user waits for its answer): use --plan open, or set --users, --rampup and --loops.");
        }
        if (model == ClientPlan.Model.OPEN && isKnobOf(ClientPlan.Model.CLOSED, property)) {
            throw new IllegalArgumentException("'" + property + "' is a knob of closed plans, and the plan '" + name
                    + "' is open (arrivals at a fixed rate, no users): set --rate, --rampup and --duration.");
        }
        throw new IllegalArgumentException("The plan '" + name + "' has no property '" + property
                + "'. Its properties: " + properties.keySet() + ".");
    }

    private static boolean isKnobOf(ClientPlan.Model model, String property) {
        return model.own().stream().anyMatch(key -> key.property().equals(property));
    }

    /** The same plan with one more property set, checked as a command-line override is. */
    PlanChoice with(String property, String value) {
        if (TARGET_PROPERTIES.contains(property)) {
            throw new IllegalArgumentException(
                    "'" + property + "' is set by the runner for each server: it cannot be swept.");
        }
        checkKnob(name, model, properties, property);
        Map<String, String> changed = new LinkedHashMap<>(properties);
        changed.put(property, checkedValue(property, value));
        return new PlanChoice(name, location, changed, model, client);
    }

    /** A lab knob's value checked ({@link PlanKnob#checked}); a .jmx knob's as given, checked at the fork. */
    private static String checkedValue(String property, String value) {
        return PlanKnob.of(property).map(knob -> knob.checked(value)).orElse(value);
    }

    /**
     * What a client sends, typed: the plan's properties but the knobs that go to the servers or are carried typed
     * ({@link PlanKnob#untyped}), its location and its wait.
     */
    LoadPlan load() {
        return LoadPlan.of(location, how(), PlanKnob.untyped(properties));
    }

    /** How each request waits its ms on the server ({@link PlanKnob#HOW}). */
    WaitKind how() {
        return WaitKind.of(properties.getOrDefault(PlanKnob.HOW.property(), PlanKnob.HOW.defaultValue()))
                .orElseThrow();
    }

    /** Whether its load arrives at a fixed rate, whatever the answers (an open model). */
    boolean open() {
        return model == ClientPlan.Model.OPEN;
    }

    /** Whether its load is connections sending back to back, a client's own plan (the throughput plan). */
    boolean connections() {
        return model == ClientPlan.Model.CONNECTIONS;
    }

    /** What the run asks of its client with this plan, for the client to refuse what it cannot run. */
    PlanAsked asked(int workers, int warmupUsers, GuestRun guests) {
        return new PlanAsked(
                name,
                client,
                workers,
                warmupUsers,
                guests.expected().body() != null,
                guests.guests().stream()
                        .anyMatch(guest -> "https".equals(guest.url().getScheme())));
    }

    /** The pool every request waits through, its size: 0 when its wait needs none. */
    int poolSize() {
        return switch (how()) {
            case DB -> dbPool();
            case HTTP_POOL -> positiveInt(PlanKnob.HTTP_POOL.property());
            default -> 0;
        };
    }

    /** The database pool's connections ({@link PlanKnob#DB_POOL}), whatever the wait. */
    int dbPool() {
        return positiveInt(PlanKnob.DB_POOL.property());
    }

    /** The pools' settings for the servers the runner starts, as their own flags (each knob's flag is the servers'). */
    List<String> poolFlags() {
        return PlanKnob.POOLS.stream()
                .map(knob -> knob.flag() + "=" + properties.get(knob.property()))
                .toList();
    }

    /**
     * The shape that defines the ideal run, the wait each request asks for ({@link PlanKnob#HOW}) and the pool it
     * waits through, whose ceiling may be the ideal's.
     */
    PlanShape shape() {
        return idealShape().withHow(how().id()).throughPool(poolSize());
    }

    /** The shape that defines the ideal run; every figure must be a number the plan can use. */
    private PlanShape idealShape() {
        if (connections()) {
            long rate = nonNegativeLong(PlanKey.RATE);
            if (rate > 0) {
                // Arrivals at a fixed rate, no ramp: the open model's ideal and schedule checks apply as they are.
                return PlanShape.open(
                        positiveInt(PlanKey.RATE), 0, positiveInt(PlanKey.DURATION), nonNegativeLong(PlanKey.SLEEP_MS));
            }
            return PlanShape.throughput(
                    positiveInt(PlanKey.CONNECTIONS), positiveInt(PlanKey.DURATION), nonNegativeLong(PlanKey.SLEEP_MS));
        }
        // Only a plan with their knobs: the typed plan reads every knob, and the others have checks of their own below.
        List<UserGroups.Group> groups = properties.containsKey(PlanKey.SPIKE_FACTOR.property())
                        || properties.containsKey(PlanKey.STEP_SECONDS.property())
                ? UserGroups.of(load())
                : List.of();
        if (!groups.isEmpty()) {
            return PlanShape.staged(groups, nonNegativeLong(PlanKey.RAMPUP), nonNegativeLong(PlanKey.SLEEP_MS));
        }
        // JMeter reads the ramp-up as whole seconds (1.5 would silently become 0), so it must be one here too.
        if (open()) {
            return PlanShape.open(
                    positiveInt(PlanKey.RATE),
                    nonNegativeLong(PlanKey.RAMPUP),
                    positiveInt(PlanKey.DURATION),
                    nonNegativeLong(PlanKey.SLEEP_MS));
        }
        return new PlanShape(
                positiveInt(PlanKey.USERS),
                nonNegativeLong(PlanKey.RAMPUP),
                positiveInt(PlanKey.LOOPS),
                nonNegativeLong(PlanKey.SLEEP_MS));
    }

    /** A timeout knob in ms, or 0 (none) when the plan has no such knob. */
    long timeoutMs(String key) {
        return properties.containsKey(key) ? nonNegativeLong(key) : 0;
    }

    private int positiveInt(PlanKey key) {
        return positiveInt(key.property());
    }

    private long nonNegativeLong(PlanKey key) {
        return nonNegativeLong(key.property());
    }

    private int positiveInt(String key) {
        return (int) wholeNumber(key, 1, Integer.MAX_VALUE);
    }

    private long nonNegativeLong(String key) {
        return wholeNumber(key, 0, Long.MAX_VALUE);
    }

    private long wholeNumber(String key, long min, long max) {
        try {
            long value = Long.parseLong(required(key).trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("Plan property '" + key + "' must be a whole number of at least " + min
                + ", got '" + properties.get(key) + "': set it with --" + key.replace('_', '-') + ".");
    }

    private String required(String key) {
        String value = properties.get(key);
        if (value == null) {
            throw new IllegalArgumentException(
                    "The " + (open() ? "open" : "closed") + " plan '" + name + "' has no '" + key
                            + "' property: the runner needs ${__P(" + key + ",...)} in it (as in jmeter-plans/"
                            + (open() ? "open" : "talk")
                            + ".jmx) to work out its ideal.");
        }
        return value;
    }
}
