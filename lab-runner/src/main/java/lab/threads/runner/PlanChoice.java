package lab.threads.runner;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
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
    static final Set<String> TARGET_PROPERTIES = properties(PlanKey.SetBy.TARGET);
    /** Set at each client's fork from the load itself ({@link PlanKey#HOW_QUERY}, {@link PlanKey#RID_PREFIX}). */
    static final Set<String> FORK_PROPERTIES = properties(PlanKey.SetBy.FORK);

    /**
     * @param plan      a bundled plan's name or the path of a plan file
     * @param overrides properties given on the command line; each must be a knob of the plan
     */
    static PlanChoice resolve(String plan, Map<String, String> overrides) throws IOException {
        ClientPlan read = ClientPrograms.plan(plan);
        Map<String, String> properties = read.knobs();
        properties.keySet().removeAll(FORK_PROPERTIES);
        for (PlanKey key : PlanKey.values()) {
            if (key.defaultValue() != null) {
                properties.put(key.property(), key.defaultValue());
            }
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
            properties.put(override.getKey(), checkedValue(read.model(), override.getKey(), override.getValue()));
        }
        properties.keySet().removeAll(TARGET_PROPERTIES);
        PlanChoice chosen = new PlanChoice(read.name(), read.location(), properties, read.model(), read.client());
        if (!read.readsHow() && chosen.how() != WaitKind.SLEEP) {
            throw new IllegalArgumentException(
                    "The plan '" + read.name() + "' does not read ${__P(" + PlanKey.HOW_QUERY.property()
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
        changed.put(property, checkedValue(model, property, value));
        return new PlanChoice(name, location, changed, model, client);
    }

    private static Set<String> properties(PlanKey.SetBy setBy) {
        return PlanKey.setBy(setBy).stream().map(PlanKey::property).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * A key's value checked where it is given, once, by the model's rule ({@link PlanKey#checked}), a key that makes
     * the plan's model at least 1 (an open plan's rate); a property of a .jmx's own as given.
     */
    private static String checkedValue(ClientPlan.Model model, String property, String value) {
        return PlanKey.of(property)
                .map(key -> key.checked(value, least(model, key)))
                .orElse(value);
    }

    /** The least value the plan's model needs of {@code key}: 1 for the keys that make it, none beyond its range. */
    private static long least(ClientPlan.Model model, PlanKey key) {
        return model.own().contains(key) ? 1 : 0;
    }

    /**
     * What a client sends, typed: the plan's properties but its wait, which the load carries typed
     * ({@link PlanKey#HOW}), its location and its wait.
     */
    LoadPlan load() {
        Map<String, String> untyped = new LinkedHashMap<>(properties);
        untyped.remove(PlanKey.HOW.property());
        return LoadPlan.of(location, how(), untyped);
    }

    /** How each request waits its ms on the server ({@link PlanKey#HOW}). */
    WaitKind how() {
        return WaitKind.of(properties.getOrDefault(PlanKey.HOW.property(), PlanKey.HOW.defaultValue()))
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
            case HTTP_POOL -> count(PlanKey.HTTP_POOL);
            default -> 0;
        };
    }

    /** The database pool's connections ({@link PlanKey#DB_POOL}), whatever the wait. */
    int dbPool() {
        return count(PlanKey.DB_POOL);
    }

    /** The pools' settings for the servers the runner starts, as their own flags (each knob's flag is the servers'). */
    List<String> poolFlags() {
        return PlanKey.setBy(PlanKey.SetBy.SERVERS).stream()
                .map(key -> key.flag() + "=" + properties.get(key.property()))
                .toList();
    }

    /**
     * The shape that defines the ideal run, the wait each request asks for ({@link PlanKey#HOW}) and the pool it
     * waits through, whose ceiling may be the ideal's.
     */
    PlanShape shape() {
        return idealShape().withHow(how().id()).throughPool(poolSize());
    }

    /** The shape that defines the ideal run; every figure must be a number the plan can use. */
    private PlanShape idealShape() {
        if (connections()) {
            long rate = number(PlanKey.RATE);
            if (rate > 0) {
                // Arrivals at a fixed rate, no ramp: the open model's ideal and schedule checks apply as they are.
                return PlanShape.open(count(PlanKey.RATE), 0, count(PlanKey.DURATION), number(PlanKey.SLEEP_MS));
            }
            return PlanShape.throughput(count(PlanKey.CONNECTIONS), count(PlanKey.DURATION), number(PlanKey.SLEEP_MS));
        }
        // Only a plan with their knobs: the typed plan reads every knob, and the others have checks of their own below.
        List<UserGroups.Group> groups = properties.containsKey(PlanKey.SPIKE_FACTOR.property())
                        || properties.containsKey(PlanKey.STEP_SECONDS.property())
                ? UserGroups.of(load())
                : List.of();
        if (!groups.isEmpty()) {
            return PlanShape.staged(groups, number(PlanKey.RAMPUP), number(PlanKey.SLEEP_MS));
        }
        // JMeter reads the ramp-up as whole seconds (1.5 would silently become 0), so it must be one here too.
        if (open()) {
            return PlanShape.open(
                    count(PlanKey.RATE), number(PlanKey.RAMPUP), count(PlanKey.DURATION), number(PlanKey.SLEEP_MS));
        }
        return new PlanShape(
                count(PlanKey.USERS), number(PlanKey.RAMPUP), count(PlanKey.LOOPS), number(PlanKey.SLEEP_MS));
    }

    /** A timeout knob in ms, or 0 (none) when the plan has no such knob. */
    long timeoutMs(PlanKey key) {
        return properties.containsKey(key.property()) ? number(key) : 0;
    }

    /** A count the ideal needs: at least 1, as an int. */
    private int count(PlanKey key) {
        return Math.toIntExact(key.whole(required(key.property()), 1));
    }

    /** The key's whole number by the model's rule ({@link PlanKey#whole}), the keys that make the model at least 1. */
    private long number(PlanKey key) {
        return key.whole(required(key.property()), least(model, key));
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
