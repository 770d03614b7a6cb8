package lab.threads.run;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;
import lab.threads.model.plan.UserGroups;

/**
 * The load plan's shape, and what a perfect server and client would achieve with it.
 * <p>
 * <p>A closed plan: JMeter starts user i of n {@code rampUp x i / n} after the schedule begins, so the last one starts
 * at {@code rampUp x (n - 1) / n} and ends {@code loops x sleep} later. An open plan (open.jmx): arrivals ramp from 0
 * to {@code arrivalsPerSecond}, then hold it for {@code durationSeconds}; random_arrivals makes exactly {@code (begin
 * rate + end rate) / 2 x seconds} arrivals per step, rounded down. A throughput plan: {@code users} connections back to
 * back for {@code durationSeconds}, no ramp; its ideal is {@code users / sleep} a second, none with a sleep of 0
 * ({@link #hasIdeal}).
 *
 * @param users closed: the simulated users (a throughput plan's connections); 0 for an open plan
 * @param loops closed: requests per user; 1 for an open plan; 0 for a throughput plan
 * @param arrivalsPerSecond open: the rate arrivals reach and hold; 0 for a closed plan
 * @param durationSeconds how long an open plan holds its rate or a throughput plan measures; 0 for a closed plan
 * @param how the wait of each request ({@code ?how=}); null for the plain sleep (older plans; summary.json omits it)
 * @param stages a staged plan's (spike, step) users from each second to the next, without gaps, {@code users} their
 *     peak, {@code loops} 0, {@code durationSeconds} the last end; empty for every other plan
 * @param stagedIdeal a staged plan's ideal, counted user by user ({@link #staged}); null otherwise or when older
 * @param poolSize the connections of the pool each request's wait goes through; 0 for none. Its {@code p / sleep} a
 *     second caps the ideal ({@link #ceilingSetBy})
 */
// The derived ideals are written to summary.json for readers, and ignored when it is read back.
@JsonIgnoreProperties(
        value = {"idealSamples", "idealDurationSeconds", "idealThroughput", "open", "throughput", "staged"},
        allowGetters = true)
public record PlanShape(
        int users,
        double rampUpSeconds,
        int loops,
        long sleepMs,
        int arrivalsPerSecond,
        long durationSeconds,
        @JsonInclude(JsonInclude.Include.NON_NULL) String how,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) int poolSize,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.List<Stage> stages,
        @JsonInclude(JsonInclude.Include.NON_NULL) StagedIdeal stagedIdeal) {

    /** Users held from {@code fromSecond} of the schedule on, each sending its requests back to back. */
    public record Stage(long fromSecond, long toSecond, int users) {

        public long seconds() {
            return toSecond - fromSecond;
        }

        /** The requests its users offer, one a sleep each; 0 without a sleep (no ideal). */
        public long offeredSamples(long sleepMs) {
            return sleepMs > 0 ? users * seconds() * 1000 / sleepMs : 0;
        }
    }

    /** A staged plan's ideal: the samples its users send and when the last answer ends, each taking the sleep. */
    public record StagedIdeal(long samples, double endSeconds) {}

    public PlanShape {
        stages = stages == null ? java.util.List.of() : java.util.List.copyOf(stages);
    }

    /** A plan of one shape through {@code poolSize} connections, its users constant or by loops. */
    public PlanShape(
            int users,
            double rampUpSeconds,
            int loops,
            long sleepMs,
            int arrivalsPerSecond,
            long durationSeconds,
            String how,
            int poolSize) {
        this(users, rampUpSeconds, loops, sleepMs, arrivalsPerSecond, durationSeconds, how, poolSize, null, null);
    }

    /**
     * The shape of a run's plan, from its typed keys: its model's ideal, its wait ({@link PlanKey#HOW}) and the pool it
     * waits through.
     *
     * @throws IllegalArgumentException naming the key the ideal needs and the plan lacks, or a schedule that cannot run
     */
    public static PlanShape of(LoadPlan plan) {
        return ideal(plan).withHow(plan.how().id()).throughPool(plan.poolSize());
    }

    /** Every figure a number the plan has, each already in its range and its model's ({@link PlanModel#least}). */
    private static PlanShape ideal(LoadPlan plan) {
        long sleepMs = required(plan, PlanKey.SLEEP_MS);
        if (plan.model() == PlanModel.CONNECTIONS) {
            // With a rate, arrivals at it and no ramp: the open model's ideal and schedule checks apply as they are.
            return required(plan, PlanKey.RATE) > 0
                    ? open(count(plan, PlanKey.RATE), 0, required(plan, PlanKey.DURATION), sleepMs)
                    : throughput(count(plan, PlanKey.CONNECTIONS), required(plan, PlanKey.DURATION), sleepMs);
        }
        List<UserGroups.Group> groups = UserGroups.of(plan);
        if (!groups.isEmpty()) {
            return staged(groups, required(plan, PlanKey.RAMPUP), sleepMs);
        }
        if (plan.model() == PlanModel.OPEN) {
            return open(
                    count(plan, PlanKey.RATE),
                    required(plan, PlanKey.RAMPUP),
                    required(plan, PlanKey.DURATION),
                    sleepMs);
        }
        return new PlanShape(
                count(plan, PlanKey.USERS), required(plan, PlanKey.RAMPUP), count(plan, PlanKey.LOOPS), sleepMs);
    }

    private static int count(LoadPlan plan, PlanKey key) {
        return Math.toIntExact(required(plan, key));
    }

    private static long required(LoadPlan plan, PlanKey key) {
        if (!plan.has(key)) {
            String model = plan.model() == PlanModel.OPEN ? "open" : "closed";
            throw new IllegalArgumentException("The " + model + " plan '" + plan.name() + "' has no '" + key.property()
                    + "' property: the runner needs ${__P(" + key.property() + ",...)} in it (as in jmeter-plans/"
                    + (plan.model() == PlanModel.OPEN ? "open" : "talk") + ".jmx) to work out its ideal.");
        }
        return plan.get(key, 0);
    }

    /**
     * A plan whose users change by groups (spike, step): the users between two group boundaries are a stage; the first
     * groups ramp up over {@code rampUpSeconds}.
     */
    public static PlanShape staged(java.util.List<UserGroups.Group> groups, double rampUpSeconds, long sleepMs) {
        java.util.TreeSet<Long> bounds = new java.util.TreeSet<>();
        groups.forEach(group -> {
            bounds.add(group.startSecond());
            bounds.add(group.endSecond());
        });
        java.util.List<Stage> stages = new java.util.ArrayList<>();
        Long from = null;
        for (long to : bounds) {
            if (from != null) {
                long start = from;
                int users = groups.stream()
                        .filter(group -> group.startSecond() <= start && group.endSecond() >= to)
                        .mapToInt(UserGroups.Group::users)
                        .sum();
                stages.add(new Stage(start, to, users));
            }
            from = to;
        }
        int peak = stages.stream().mapToInt(Stage::users).max().orElse(0);
        long end = stages.isEmpty() ? 0 : stages.getLast().toSecond();
        return new PlanShape(peak, rampUpSeconds, 0, sleepMs, 0, end, null, 0, stages, stagedIdeal(groups, sleepMs));
    }

    /**
     * User by user, as JMeter's thread groups run them: user k of n starts {@code ramp x k / n} into its group and
     * sends back to back until the group's end, so {@code ceil((seconds - offset) / sleep)} requests. Null without a
     * sleep.
     */
    private static StagedIdeal stagedIdeal(java.util.List<UserGroups.Group> groups, long sleepMs) {
        if (sleepMs <= 0 || groups.isEmpty()) {
            return null;
        }
        long samples = 0;
        double endMs = 0;
        for (UserGroups.Group group : groups) {
            for (int k = 0; k < group.users(); k++) {
                double offsetMs = group.rampSeconds() * 1000.0 * k / group.users();
                double leftMs = group.seconds() * 1000.0 - offsetMs;
                long requests = leftMs > 0 ? (long) Math.ceil(leftMs / sleepMs) : 0;
                samples += requests;
                endMs = Math.max(endMs, group.startSecond() * 1000.0 + offsetMs + requests * sleepMs);
            }
        }
        return new StagedIdeal(samples, endMs / 1000.0);
    }

    /** Whether the users change over the schedule by {@link #stages}. */
    public boolean isStaged() {
        return !stages.isEmpty();
    }

    /** A plan of plain sleeps through no pool. */
    public PlanShape(
            int users, double rampUpSeconds, int loops, long sleepMs, int arrivalsPerSecond, long durationSeconds) {
        this(users, rampUpSeconds, loops, sleepMs, arrivalsPerSecond, durationSeconds, null, 0);
    }

    /** The same plan, each request waiting {@code how} ({@code ?how=}); null or "sleep" for the plain sleep. */
    public PlanShape withHow(String how) {
        return new PlanShape(
                users,
                rampUpSeconds,
                loops,
                sleepMs,
                arrivalsPerSecond,
                durationSeconds,
                how == null || how.equals("sleep") ? null : how,
                poolSize,
                stages,
                stagedIdeal);
    }

    /** A closed plan. */
    public PlanShape(int users, double rampUpSeconds, int loops, long sleepMs) {
        this(users, rampUpSeconds, loops, sleepMs, 0, 0);
    }

    /** An open plan: a ramp from 0 to {@code arrivalsPerSecond}, then that rate for {@code durationSeconds}. */
    public static PlanShape open(int arrivalsPerSecond, double rampUpSeconds, long durationSeconds, long sleepMs) {
        return new PlanShape(0, rampUpSeconds, 1, sleepMs, arrivalsPerSecond, durationSeconds);
    }

    /** A throughput plan: {@code connections} back to back for {@code durationSeconds}, each asking {@code sleepMs}. */
    public static PlanShape throughput(int connections, long durationSeconds, long sleepMs) {
        return new PlanShape(connections, 0, 0, sleepMs, 0, durationSeconds);
    }

    /** The same plan with every wait through a pool of {@code connections}; 0: no pool. */
    public PlanShape throughPool(int connections) {
        return new PlanShape(
                users,
                rampUpSeconds,
                loops,
                sleepMs,
                arrivalsPerSecond,
                durationSeconds,
                how,
                connections,
                stages,
                stagedIdeal);
    }

    /**
     * What caps the ideal rate: "pool" when {@code poolSize / sleep} is below the plan's own ideal, else "users"
     * ("arrivals" when open).
     */
    public String ceilingSetBy() {
        if (poolBound()) {
            return "pool";
        }
        return ceilingOwner();
    }

    /**
     * Which ceiling the ideal is, in words, for a plan through a pool ("the pool's: 10 connections / 100 ms = 100.0
     * req/s (the users alone would send 148.0)"); empty without a pool.
     */
    public String ceilingWords() {
        if (poolCeiling() <= 0) {
            return "";
        }
        double ownIdeal = ownDurationSeconds() > 0 ? ownSamples() / ownDurationSeconds() : 0;
        String pool = String.format(
                java.util.Locale.ROOT, "%d connections / %d ms = %,.1f req/s", poolSize, sleepMs, poolCeiling());
        return poolBound()
                ? String.format(
                        java.util.Locale.ROOT,
                        "the ceiling is the pool's: %s (the %s alone: %,.1f)",
                        pool,
                        ceilingOwner(),
                        ownIdeal)
                : String.format(
                        java.util.Locale.ROOT,
                        "the ceiling is the %s': %,.1f req/s (the pool's %s is above it)",
                        ceilingOwner(),
                        ownIdeal,
                        pool);
    }

    private String ceilingOwner() {
        return isOpen() ? "arrivals" : "users";
    }

    /** The pool's ceiling, requests a second; 0 without a pool or a wait. */
    public double poolCeiling() {
        return poolSize > 0 && sleepMs > 0 ? poolSize * 1000.0 / sleepMs : 0;
    }

    private boolean poolBound() {
        double ownIdeal = ownDurationSeconds() > 0 ? ownSamples() / ownDurationSeconds() : 0;
        return poolCeiling() > 0 && poolCeiling() < ownIdeal;
    }

    @JsonProperty
    public boolean isOpen() {
        return arrivalsPerSecond > 0;
    }

    @JsonProperty
    public boolean isThroughput() {
        return !isOpen() && loops == 0 && !isStaged();
    }

    /**
     * Whether a perfect run has a rate to compare with: an open plan's arrivals, or a closed plan's users over its
     * sleep; with a sleep of 0 no rate is ideal, and the verdict says what bounded the figure instead.
     */
    public boolean hasIdeal() {
        return isOpen() || sleepMs > 0;
    }

    @JsonProperty
    public long idealSamples() {
        // A throughput plan measures for its duration: a pool that caps the rate caps the samples too.
        return isThroughput() && poolBound() ? (long) (poolCeiling() * durationSeconds) : ownSamples();
    }

    /** The samples the plan's own schedule makes, before any pool. */
    private long ownSamples() {
        if (isOpen()) {
            // JMeter's PoissonArrivalsRamp: (begin + end) / 2 x seconds arrivals a step, cut to a whole number.
            return (long) (arrivalsPerSecond / 2.0 * rampUpSeconds) + arrivalsPerSecond * durationSeconds;
        }
        if (isStaged() && stagedIdeal != null) {
            return stagedIdeal.samples();
        }
        if (isStaged()) {
            // A summary.json from before the staged ideal: each user of a stage sends one request a sleep.
            return stages.stream()
                    .mapToLong(stage -> stage.offeredSamples(sleepMs))
                    .sum();
        }
        if (isThroughput()) {
            return sleepMs > 0 ? users * durationSeconds * 1000 / sleepMs : 0;
        }
        return (long) users * loops;
    }

    /** From the schedule's start to the last response, when every request takes exactly the sleep. */
    @JsonProperty
    public double idealDurationSeconds() {
        // A pool that serves fewer requests a second than the plan asks stretches the run: its samples at its rate.
        return poolBound() && !isThroughput()
                ? Math.max(ownDurationSeconds(), idealSamples() / poolCeiling())
                : ownDurationSeconds();
    }

    /** The ideal duration the plan's own schedule sets, before any pool. */
    private double ownDurationSeconds() {
        if (isOpen()) {
            return rampUpSeconds + durationSeconds + sleepMs / 1000.0;
        }
        if (isStaged() && stagedIdeal != null) {
            return stagedIdeal.endSeconds();
        }
        if (isStaged()) {
            // A summary.json from before the staged ideal: the requests sent as the last stage ends, one sleep later.
            return durationSeconds + sleepMs / 1000.0;
        }
        if (isThroughput()) {
            return durationSeconds;
        }
        return users == 0 ? 0 : rampUpSeconds * (users - 1) / users + loops * sleepMs / 1000.0;
    }

    /** Requests per second; 0 for a plan without duration, or without an ideal ({@link #hasIdeal}). */
    @JsonProperty
    public double idealThroughput() {
        double seconds = idealDurationSeconds();
        return seconds > 0 && hasIdeal() ? idealSamples() / seconds : 0;
    }

    /**
     * An open plan's arrivals due from {@code fromSeconds} to {@code toSeconds} after the start: the integral of its
     * rate, linear over the ramp-up, then flat. 0 for a closed plan.
     */
    public double offeredArrivals(double fromSeconds, double toSeconds) {
        if (!isOpen()) {
            return 0;
        }
        return arrivalsRampedBy(toSeconds) - arrivalsRampedBy(fromSeconds);
    }

    /**
     * When the schedule was due to send its {@code n}th arrival, in seconds after its start ({@link #offeredArrivals}
     * inverted), capped at the schedule's end. An open plan only.
     */
    public double dueSecond(double n) {
        double ramped = arrivalsPerSecond * rampUpSeconds / 2;
        if (n <= ramped) {
            return Math.sqrt(2 * rampUpSeconds * n / arrivalsPerSecond);
        }
        return Math.min(rampUpSeconds + (n - ramped) / arrivalsPerSecond, rampUpSeconds + durationSeconds);
    }

    /** Arrivals due from the schedule's start to {@code seconds} after it. */
    private double arrivalsRampedBy(double seconds) {
        double inRamp = Math.clamp(seconds, 0, rampUpSeconds);
        double ramped = rampUpSeconds > 0 ? arrivalsPerSecond * inRamp * inRamp / (2 * rampUpSeconds) : 0;
        return ramped + arrivalsPerSecond * Math.clamp(seconds - rampUpSeconds, 0, durationSeconds);
    }

    /**
     * How close a run came to the ideal, in %: {@code (successes / ideal samples) x (ideal duration / actual
     * duration)}, the actual from the schedule's start ({@code scheduleStartMs}) to the last sample's end ({@code
     * lastEndMs}), epoch ms. Every request in exactly the sleep scores 100 (an open plan a little above); late or
     * failed requests, or a late client, less.
     */
    public double percentOfIdeal(long successes, long scheduleStartMs, long lastEndMs) {
        double actualSeconds = (lastEndMs - scheduleStartMs) / 1000.0;
        return hasIdeal() && idealSamples() > 0 && actualSeconds > 0
                ? 100.0 * successes / idealSamples() * idealDurationSeconds() / actualSeconds
                : 0;
    }
}
