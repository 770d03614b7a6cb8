package lab.threads.model.plan;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import lab.threads.model.client.LoadClient;
import lab.threads.model.wait.WaitKind;

/**
 * A run's plan, typed, from the flag to the fork. Each value given as text is parsed once, where it is given
 * ({@link #with(String, String)}), by its key's range and the model's ({@link PlanModel#least}); it becomes text again
 * only for run.json ({@link #properties}) and each client's fork.
 *
 * @param name          as the run names it: a bundled plan's name, or its file's without the extension
 * @param location      a .jmx file's path or resource, or the name of a plan that has none ({@code throughput})
 * @param client        the client that reads it, the only one that runs it
 * @param model         how its load arrives, which decides its keys and its ideal
 * @param readsHow      whether each request carries the lab's wait ({@link PlanKey#HOW_QUERY}), without which only
 *                      the plain sleep reaches the server
 * @param how           how each request waits its ms on the server
 * @param numbers       the lab's whole-number keys the plan has, each in its range
 * @param sourceAddress the {@link PlanKey#SOURCE_ADDRESS}, the plan's default or as given; null when the plan has no
 *                      such key
 * @param others        the plan's other properties, as given
 * @param firstUser     the users of the processes before this one, for a number of each user unique across them; 0
 *                      for a load of one process
 */
public record LoadPlan(
        String name,
        String location,
        LoadClient client,
        PlanModel model,
        boolean readsHow,
        WaitKind how,
        Map<PlanKey, Long> numbers,
        SourceAddress sourceAddress,
        Map<String, String> others,
        int firstUser) {

    public LoadPlan {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(how, "how");
        numbers = numbers.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(numbers));
        others = Collections.unmodifiableMap(new LinkedHashMap<>(others));
    }

    /**
     * A plan as its client reads it, {@code properties} its own defaults, each parsed once (those the runner and the
     * fork set left to them), and the lab's keys every plan takes at their defaults.
     *
     * @throws IllegalArgumentException naming the key whose default is out of its range
     */
    public static LoadPlan read(
            String name, String location, LoadClient client, PlanModel model, Map<String, String> properties) {
        LoadPlan plan = new LoadPlan(
                name,
                location,
                client,
                model,
                properties.containsKey(PlanKey.HOW_QUERY.property()),
                WaitKind.SLEEP,
                Map.of(),
                null,
                Map.of(),
                0);
        for (Map.Entry<String, String> property : properties.entrySet()) {
            PlanKey.SetBy setBy =
                    PlanKey.of(property.getKey()).map(PlanKey::setBy).orElse(PlanKey.SetBy.PLAN);
            if (property.getKey().equals(PlanKey.SOURCE_ADDRESS.property())) {
                SourceAddress source = SourceAddress.planDefault(name, property.getValue());
                plan = plan.withValues(plan.how, plan.numbers, source, plan.others, 0);
            } else if (setBy != PlanKey.SetBy.TARGET && setBy != PlanKey.SetBy.FORK) {
                plan = plan.parsed(property.getKey(), property.getValue());
            }
        }
        for (PlanKey key : PlanKey.values()) {
            if (key.defaultValue() != null) {
                plan = plan.parsed(key.property(), key.defaultValue());
            }
        }
        return plan;
    }

    /**
     * The same plan with one property given as text, parsed once: a key by its range and the model's, another as given.
     *
     * @throws IllegalArgumentException when the plan has no such property (naming the model that has it) or the value
     *     is out of range
     */
    public LoadPlan with(String property, String value) {
        if (!PlanKey.of(property).map(this::has).orElseGet(() -> others.containsKey(property))) {
            throw lacks(property);
        }
        return parsed(property, value);
    }

    private LoadPlan parsed(String property, String value) {
        PlanKey key = PlanKey.of(property).orElse(null);
        if (key == PlanKey.HOW) {
            return with(WaitKind.of(value.strip())
                    .orElseThrow(() -> new IllegalArgumentException(key.flag() + " must be one of the servers' waits ("
                            + WaitKind.ids() + "), got '" + value + "'.")));
        }
        if (key == PlanKey.SOURCE_ADDRESS) {
            return withSourceAddress(SourceAddress.parse(value));
        }
        if (key != null && key.isWhole()) {
            return with(key, key.whole(value, model.least(key)));
        }
        return withOthers(Map.of(property, value));
    }

    /** A property the plan lacks, refused with the model that has it when it is another model's own key. */
    private IllegalArgumentException lacks(String property) {
        if (model == PlanModel.CLOSED && isOwnOf(PlanModel.OPEN, property)) {
            return new IllegalArgumentException("'" + property
                    + "' is a knob of open plans (arrivals at a fixed rate), and the plan '" + name
                    + "' is closed (each user waits for its answer): use --plan open, or set --users, --rampup and"
                    + " --loops.");
        }
        if (model == PlanModel.OPEN && isOwnOf(PlanModel.CLOSED, property)) {
            return new IllegalArgumentException("'" + property + "' is a knob of closed plans, and the plan '" + name
                    + "' is open (arrivals at a fixed rate, no users): set --rate, --rampup and --duration.");
        }
        return new IllegalArgumentException("The plan '" + name + "' has no property '" + property
                + "'. Its properties: " + properties().keySet() + ".");
    }

    private static boolean isOwnOf(PlanModel model, String property) {
        return model.own().stream().anyMatch(key -> key.property().equals(property));
    }

    /** Whether the plan has the key: the lab's wait always, the source address and the numbers when it reads them. */
    public boolean has(PlanKey key) {
        return text(key).isPresent();
    }

    /** The key's number, or {@code otherwise} when the plan has none. */
    public long get(PlanKey key, long otherwise) {
        return numbers.getOrDefault(key, otherwise);
    }

    /** The same plan, whose client, model and requests these are, with other values. */
    private LoadPlan withValues(
            WaitKind wait, Map<PlanKey, Long> values, SourceAddress source, Map<String, String> own, int first) {
        return new LoadPlan(name, location, client, model, readsHow, wait, values, source, own, first);
    }

    /** The same plan with one number set, already typed: a warm-up's users, a process's share. */
    public LoadPlan with(PlanKey key, long value) {
        Map<PlanKey, Long> changed = new EnumMap<>(PlanKey.class);
        changed.putAll(numbers);
        changed.put(key, value);
        return withValues(how, changed, sourceAddress, others, firstUser);
    }

    /**
     * The same plan, each request waiting {@code wait}.
     *
     * @throws IllegalArgumentException when the wait is not the plain sleep and the plan's requests do not carry it
     */
    public LoadPlan with(WaitKind wait) {
        if (!readsHow && wait != WaitKind.SLEEP) {
            throw new IllegalArgumentException("The plan '" + name + "' does not read ${__P("
                    + PlanKey.HOW_QUERY.property() + ",)} after its ?ms= (as jmeter-plans/talk.jmx does), so "
                    + PlanKey.HOW.flag() + " " + wait.id() + " would not reach the server: add it to the request's"
                    + " path.");
        }
        return withValues(wait, numbers, sourceAddress, others, firstUser);
    }

    /** The same plan with more properties of its own (a guest's path and expected answer). */
    public LoadPlan withOthers(Map<String, String> more) {
        Map<String, String> all = new LinkedHashMap<>(others);
        all.putAll(more);
        return withValues(how, numbers, sourceAddress, all, firstUser);
    }

    /** The same plan with another source address; a plan without the key stays without. */
    public LoadPlan withSourceAddress(SourceAddress address) {
        return sourceAddress == null ? this : withValues(how, numbers, address, others, firstUser);
    }

    /** The same plan sent by a process whose users come after {@code users} of the processes before it. */
    public LoadPlan afterUsers(int users) {
        return withValues(how, numbers, sourceAddress, others, users);
    }

    /** A short warm-up of the same requests: {@code users} users, one loop, ramped up over a second. */
    public LoadPlan warmUp(int users) {
        return with(PlanKey.USERS, users).with(PlanKey.LOOPS, 1).with(PlanKey.RAMPUP, 1);
    }

    /** The connections of the pool each request waits through ({@code how=db}, {@code how=http-pool}); 0: none. */
    public int poolSize() {
        return switch (how) {
            case DB -> Math.toIntExact(get(PlanKey.DB_POOL, 0));
            case HTTP_POOL -> Math.toIntExact(get(PlanKey.HTTP_POOL, 0));
            default -> 0;
        };
    }

    /** Every property as text, as run.json records it: the lab's keys in order, the wait included, then the others. */
    public Map<String, String> properties() {
        Map<String, String> properties = new LinkedHashMap<>();
        for (PlanKey key : PlanKey.values()) {
            text(key).ifPresent(value -> properties.put(key.property(), value));
        }
        properties.putAll(others);
        return properties;
    }

    /** The key's value as text; empty when the plan has none. */
    private Optional<String> text(PlanKey key) {
        if (key == PlanKey.HOW) {
            return Optional.of(how.id());
        }
        if (key == PlanKey.SOURCE_ADDRESS) {
            return Optional.ofNullable(sourceAddress).map(SourceAddress::word);
        }
        return Optional.ofNullable(numbers.get(key)).map(String::valueOf);
    }
}
