package lab.threads.model.plan;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import lab.threads.model.wait.WaitKind;

/**
 * One load's plan, typed, as the runner hands it to a client: where the plan is, how each request waits, the knobs the
 * lab reads ({@link PlanKey}) as whole numbers, the source address, and the plan's other properties as given (a .jmx's
 * own knobs, a guest's path), which the lab passes through. Built once from the command line and the plan's
 * defaults; each client turns it into its own form only at its fork (JMeter's {@code -J} properties, Hyperfoil's
 * flags). A load split over processes is split once, for every client alike (lab-client's {@code ClientShare}).
 *
 * @param location      a .jmx file's path or resource, or the name of a plan that has none ({@code throughput})
 * @param how           how each request waits its ms on the server
 * @param knobs         the numeric knobs the plan has
 * @param sourceAddress the {@link PlanKey#SOURCE_ADDRESS} as the client evaluates it (empty: the system picks); null
 *                      when the plan has no such knob
 * @param firstUser     the users of the processes before this one, for a number of each user unique across them; 0
 *                      for a load of one process
 * @param others        the plan's other properties, as given
 */
public record LoadPlan(
        String location,
        WaitKind how,
        Map<PlanKey, Long> knobs,
        String sourceAddress,
        int firstUser,
        Map<String, String> others) {

    public LoadPlan {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(how, "how");
        knobs = knobs.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(knobs));
        others = Collections.unmodifiableMap(new LinkedHashMap<>(others));
    }

    /**
     * The plan of {@code properties}, each whole-number key among them read in its range ({@link PlanKey#whole}).
     *
     * @throws IllegalArgumentException naming the key's option and the value out of its range
     */
    public static LoadPlan of(String location, WaitKind how, Map<String, String> properties) {
        Map<PlanKey, Long> knobs = new EnumMap<>(PlanKey.class);
        Map<String, String> others = new LinkedHashMap<>();
        String source = null;
        for (Map.Entry<String, String> property : properties.entrySet()) {
            PlanKey key = PlanKey.of(property.getKey()).orElse(null);
            if (key == PlanKey.SOURCE_ADDRESS) {
                source = property.getValue();
            } else if (key != null && key.isWhole()) {
                knobs.put(key, key.whole(property.getValue()));
            } else {
                others.put(property.getKey(), property.getValue());
            }
        }
        return new LoadPlan(location, how, knobs, source, 0, others);
    }

    public boolean has(PlanKey key) {
        return knobs.containsKey(key);
    }

    /** The knob's value, or {@code otherwise} when the plan has none. */
    public long get(PlanKey key, long otherwise) {
        return knobs.getOrDefault(key, otherwise);
    }

    /** The same plan with one knob set. */
    public LoadPlan with(PlanKey key, long value) {
        Map<PlanKey, Long> changed = new EnumMap<>(PlanKey.class);
        changed.putAll(knobs);
        changed.put(key, value);
        return new LoadPlan(location, how, changed, sourceAddress, firstUser, others);
    }

    /** The same plan with more properties of its own (a guest's path and expected answer). */
    public LoadPlan withOthers(Map<String, String> more) {
        Map<String, String> all = new LinkedHashMap<>(others);
        all.putAll(more);
        return new LoadPlan(location, how, knobs, sourceAddress, firstUser, all);
    }

    /** The same plan with its source address as the client evaluates it; a plan without the knob stays without. */
    public LoadPlan withSourceAddress(String address) {
        return sourceAddress == null ? this : new LoadPlan(location, how, knobs, address, firstUser, others);
    }

    /** A short warm-up of the same requests: {@code users} users, one loop, ramped up over a second. */
    public LoadPlan warmUp(int users) {
        return with(PlanKey.USERS, users).with(PlanKey.LOOPS, 1).with(PlanKey.RAMPUP, 1);
    }

    /** Every property as a plan names it: the lab's knobs as whole numbers, the source address, the others. */
    public Map<String, String> properties() {
        Map<String, String> properties = new LinkedHashMap<>();
        knobs.forEach((key, value) -> properties.put(key.property(), Long.toString(value)));
        if (sourceAddress != null) {
            properties.put(PlanKey.SOURCE_ADDRESS.property(), sourceAddress);
        }
        properties.putAll(others);
        return properties;
    }
}
