package lab.threads.run;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.UserGroups;

/**
 * The load plan's shape, one type per way its load arrives, and what a perfect server and client would achieve with
 * it: every request answered in exactly its wait.
 * <p>
 * Each shape holds only the numbers its model has ({@link Closed}, {@link Open}, {@link Throughput}, {@link Staged});
 * what they share is each request's {@link Wait}. A shape gives the samples and seconds its own schedule makes
 * ({@link #plannedSamples}, {@link #plannedSeconds}); the ideal is those, capped by the pool the wait goes through.
 * summary.json keeps the flat form it always had ({@link PlanShapeJson}), so older run folders read as they did.
 */
@JsonSerialize(converter = PlanShapeJson.FromShape.class)
@JsonDeserialize(converter = PlanShapeJson.ToShape.class)
public sealed interface PlanShape permits PlanShape.Open, PlanShape.HeldUsers {

    /**
     * How each request waits.
     *
     * @param sleepMs the wait's ms ({@code ?ms=}); 0: none, and no rate is ideal ({@link #hasIdeal})
     * @param how the wait's kind ({@code ?how=}); null for the plain sleep
     * @param poolSize the connections of the pool the wait goes through; 0 for none. Its {@code p / sleep} a second
     *     caps the ideal ({@link #ceilingSetBy})
     */
    record Wait(long sleepMs, String how, int poolSize) {
        public Wait {
            how = how == null || how.equals("sleep") ? null : how;
        }

        /** A plain sleep of {@code ms} through no pool. */
        public static Wait sleep(long ms) {
            return new Wait(ms, null, 0);
        }

        /** The pool's ceiling, requests a second; 0 without a pool or a wait. */
        public double poolCeiling() {
            return poolSize > 0 && sleepMs > 0 ? poolSize * 1000.0 / sleepMs : 0;
        }
    }

    /**
     * A plan whose load is users (a throughput plan's connections), each waiting for its answer before its next request;
     * the other model, {@link Open}, is a rate.
     */
    sealed interface HeldUsers extends PlanShape permits Closed, Throughput, Staged {
        /** The users the plan holds at its peak: what the client's processes and heap are sized for. */
        int users();
    }

    /**
     * Users that each send {@code loops} requests, one after another's answer. JMeter starts user i of n {@code rampUp x
     * i / n} after the schedule begins, so the last one starts at {@code rampUp x (n - 1) / n} and ends {@code loops x
     * sleep} later.
     */
    record Closed(int users, double rampUpSeconds, int loops, Wait waits) implements HeldUsers {
        @Override
        public long plannedSamples() {
            return (long) users * loops;
        }

        @Override
        public double plannedSeconds() {
            return users == 0 ? 0 : rampUpSeconds * (users - 1) / users + loops * waits.sleepMs() / 1000.0;
        }

        @Override
        public Closed withWaits(Wait waits) {
            return new Closed(users, rampUpSeconds, loops, waits);
        }
    }

    /**
     * Arrivals that ramp from 0 to {@code arrivalsPerSecond} over {@code rampUpSeconds}, then hold it for {@code
     * durationSeconds}, whatever the answers. JMeter's random arrivals make exactly {@code (begin rate + end rate) / 2 x
     * seconds} of them a step, rounded down.
     */
    record Open(int arrivalsPerSecond, double rampUpSeconds, long durationSeconds, Wait waits) implements PlanShape {
        @Override
        public long plannedSamples() {
            return (long) (arrivalsPerSecond / 2.0 * rampUpSeconds) + arrivalsPerSecond * durationSeconds;
        }

        @Override
        public double plannedSeconds() {
            return scheduleSeconds() + waits.sleepMs() / 1000.0;
        }

        /** An open plan has a rate to compare with, a sleep of 0 too. */
        @Override
        public boolean hasIdeal() {
            return true;
        }

        @Override
        public Open withWaits(Wait waits) {
            return new Open(arrivalsPerSecond, rampUpSeconds, durationSeconds, waits);
        }

        /** From the schedule's start to its last arrival's due time. */
        public double scheduleSeconds() {
            return rampUpSeconds + durationSeconds;
        }

        /**
         * The arrivals due from {@code fromSeconds} to {@code toSeconds} after the start: the integral of the rate,
         * linear over the ramp-up, then flat.
         */
        public double offeredArrivals(double fromSeconds, double toSeconds) {
            return arrivalsRampedBy(toSeconds) - arrivalsRampedBy(fromSeconds);
        }

        /**
         * When the schedule was due to send its {@code n}th arrival, in seconds after its start ({@link
         * #offeredArrivals} inverted), capped at the schedule's end.
         */
        public double dueSecond(double n) {
            double ramped = arrivalsPerSecond * rampUpSeconds / 2;
            if (n <= ramped) {
                return Math.sqrt(2 * rampUpSeconds * n / arrivalsPerSecond);
            }
            return Math.min(rampUpSeconds + (n - ramped) / arrivalsPerSecond, scheduleSeconds());
        }

        private double arrivalsRampedBy(double seconds) {
            double inRamp = Math.clamp(seconds, 0, rampUpSeconds);
            double ramped = rampUpSeconds > 0 ? arrivalsPerSecond * inRamp * inRamp / (2 * rampUpSeconds) : 0;
            return ramped + arrivalsPerSecond * Math.clamp(seconds - rampUpSeconds, 0, durationSeconds);
        }
    }

    /**
     * {@code connections} that each send back to back for {@code durationSeconds}, no ramp: the ideal is {@code
     * connections / sleep} a second, none with a sleep of 0.
     */
    record Throughput(int connections, long durationSeconds, Wait waits) implements HeldUsers {
        @Override
        public long plannedSamples() {
            return waits.sleepMs() > 0 ? connections * durationSeconds * 1000 / waits.sleepMs() : 0;
        }

        @Override
        public double plannedSeconds() {
            return durationSeconds;
        }

        @Override
        public int users() {
            return connections;
        }

        /** It measures for its duration: a pool that caps the rate caps the samples, not the seconds. */
        @Override
        public long idealSamples() {
            return poolBound() ? (long) (waits.poolCeiling() * durationSeconds) : plannedSamples();
        }

        @Override
        public double idealDurationSeconds() {
            return durationSeconds;
        }

        @Override
        public Throughput withWaits(Wait waits) {
            return new Throughput(connections, durationSeconds, waits);
        }
    }

    /**
     * Users that change by groups (spike, step), each sending back to back until its group ends.
     *
     * @param stages the users from each second to the next, without gaps
     * @param rampUpSeconds how long the first groups take to start their users
     * @param ideal counted user by user ({@link #of(List, double, Wait)}); null in a summary.json from before it
     */
    record Staged(List<Stage> stages, double rampUpSeconds, StagedIdeal ideal, Wait waits) implements HeldUsers {
        public Staged {
            stages = List.copyOf(stages);
        }

        /** The stages between the groups' boundaries; the first groups ramp up over {@code rampUpSeconds}. */
        static Staged of(List<UserGroups.Group> groups, double rampUpSeconds, Wait waits) {
            TreeSet<Long> bounds = new TreeSet<>();
            groups.forEach(group -> {
                bounds.add(group.startSecond());
                bounds.add(group.endSecond());
            });
            List<Stage> stages = new ArrayList<>();
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
            return new Staged(stages, rampUpSeconds, StagedIdeal.of(groups, waits.sleepMs()), waits);
        }

        /** The users of the peak stage. */
        @Override
        public int users() {
            return stages.stream().mapToInt(Stage::users).max().orElse(0);
        }

        /** The second the last stage ends. */
        public long endSecond() {
            return stages.isEmpty() ? 0 : stages.getLast().toSecond();
        }

        @Override
        public long plannedSamples() {
            // Before the ideal was counted user by user: each user of a stage sends one request a sleep.
            return ideal != null
                    ? ideal.samples()
                    : stages.stream()
                            .mapToLong(stage -> stage.offeredSamples(waits.sleepMs()))
                            .sum();
        }

        @Override
        public double plannedSeconds() {
            // Before the ideal was counted user by user: the requests sent as the last stage ends, one sleep later.
            return ideal != null ? ideal.endSeconds() : endSecond() + waits.sleepMs() / 1000.0;
        }

        @Override
        public Staged withWaits(Wait waits) {
            return new Staged(stages, rampUpSeconds, ideal, waits);
        }
    }

    /** Users held from {@code fromSecond} of the schedule on, each sending its requests back to back. */
    record Stage(long fromSecond, long toSecond, int users) {

        public long seconds() {
            return toSecond - fromSecond;
        }

        /** The requests its users offer, one a sleep each; 0 without a sleep (no ideal). */
        public long offeredSamples(long sleepMs) {
            return sleepMs > 0 ? users * seconds() * 1000 / sleepMs : 0;
        }
    }

    /** A staged plan's ideal: the samples its users send and when the last answer ends, each taking the sleep. */
    record StagedIdeal(long samples, double endSeconds) {

        /**
         * User by user, as JMeter's thread groups run them: user k of n starts {@code ramp x k / n} into its group and
         * sends back to back until the group's end, so {@code ceil((seconds - offset) / sleep)} requests. Null without
         * a sleep.
         */
        static StagedIdeal of(List<UserGroups.Group> groups, long sleepMs) {
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
    }

    /** How each request waits. */
    Wait waits();

    /** The samples the plan's own schedule makes, before any pool. */
    long plannedSamples();

    /** From the schedule's start to the last response, before any pool, every request taking exactly the sleep. */
    double plannedSeconds();

    /** The same plan, each request waiting as {@code waits} says. */
    PlanShape withWaits(Wait waits);

    /**
     * The shape of a run's plan, from its typed keys: its model's ideal, its wait ({@link PlanKey#HOW}) and the pool it
     * waits through.
     *
     * @throws IllegalArgumentException naming the key the ideal needs and the plan lacks
     */
    static PlanShape of(LoadPlan plan) {
        return new PlanReading(plan).shape();
    }

    /** A closed plan of plain sleeps through no pool. */
    static Closed closed(int users, double rampUpSeconds, int loops, long sleepMs) {
        return new Closed(users, rampUpSeconds, loops, Wait.sleep(sleepMs));
    }

    /** An open plan of plain sleeps: a ramp from 0 to {@code arrivalsPerSecond}, then that rate. */
    static Open open(int arrivalsPerSecond, double rampUpSeconds, long durationSeconds, long sleepMs) {
        return new Open(arrivalsPerSecond, rampUpSeconds, durationSeconds, Wait.sleep(sleepMs));
    }

    /** A throughput plan of plain sleeps: {@code connections} back to back for {@code durationSeconds}. */
    static Throughput throughput(int connections, long durationSeconds, long sleepMs) {
        return new Throughput(connections, durationSeconds, Wait.sleep(sleepMs));
    }

    /** A staged plan of plain sleeps: the users between two group boundaries are a stage. */
    static Staged staged(List<UserGroups.Group> groups, double rampUpSeconds, long sleepMs) {
        return Staged.of(groups, rampUpSeconds, Wait.sleep(sleepMs));
    }

    default long sleepMs() {
        return waits().sleepMs();
    }

    /** The wait's kind ({@code ?how=}); null for the plain sleep. */
    default String how() {
        return waits().how();
    }

    default int poolSize() {
        return waits().poolSize();
    }

    /** The same plan with every wait through a pool of {@code connections}; 0: no pool. */
    default PlanShape throughPool(int connections) {
        return withWaits(new Wait(sleepMs(), how(), connections));
    }

    /**
     * Whether a perfect run has a rate to compare with: a closed plan's users over its sleep; with a sleep of 0 no rate
     * is ideal, and the verdict says what bounded the figure instead.
     */
    default boolean hasIdeal() {
        return sleepMs() > 0;
    }

    /** The pool's ceiling, requests a second; 0 without a pool or a wait. */
    default double poolCeiling() {
        return waits().poolCeiling();
    }

    /** Whether the pool's ceiling is below the rate the plan's own schedule asks. */
    default boolean poolBound() {
        return poolCeiling() > 0 && poolCeiling() < plannedRate();
    }

    private double plannedRate() {
        return plannedSeconds() > 0 ? plannedSamples() / plannedSeconds() : 0;
    }

    /** What caps the ideal rate: "pool" when {@code poolSize / sleep} is below the plan's own ideal, else its owner's. */
    default String ceilingSetBy() {
        return poolBound() ? "pool" : ceilingOwner();
    }

    private String ceilingOwner() {
        return this instanceof Open ? "arrivals" : "users";
    }

    /**
     * Which ceiling the ideal is, in words, for a plan through a pool ("the ceiling is the pool's: 10 connections / 100
     * ms = 100.0 req/s (the users alone: 148.0)"); empty without a pool.
     */
    default String ceilingWords() {
        if (poolCeiling() <= 0) {
            return "";
        }
        String pool = String.format(
                Locale.ROOT, "%d connections / %d ms = %,.1f req/s", poolSize(), sleepMs(), poolCeiling());
        return poolBound()
                ? String.format(
                        Locale.ROOT,
                        "the ceiling is the pool's: %s (the %s alone: %,.1f)",
                        pool,
                        ceilingOwner(),
                        plannedRate())
                : String.format(
                        Locale.ROOT,
                        "the ceiling is the %s': %,.1f req/s (the pool's %s is above it)",
                        ceilingOwner(),
                        plannedRate(),
                        pool);
    }

    /** The samples a perfect run makes. */
    default long idealSamples() {
        return plannedSamples();
    }

    /**
     * From the schedule's start to the last response, when every request takes exactly the sleep: a pool that serves
     * fewer requests a second than the plan asks stretches the run to its samples at the pool's rate.
     */
    default double idealDurationSeconds() {
        return poolBound() ? Math.max(plannedSeconds(), idealSamples() / poolCeiling()) : plannedSeconds();
    }

    /** Requests per second; 0 for a plan without duration, or without an ideal ({@link #hasIdeal}). */
    default double idealThroughput() {
        double seconds = idealDurationSeconds();
        return seconds > 0 && hasIdeal() ? idealSamples() / seconds : 0;
    }

    /**
     * How close a run came to the ideal, in %: {@code (successes / ideal samples) x (ideal duration / actual
     * duration)}, the actual from the schedule's start ({@code scheduleStartMs}) to the last sample's end ({@code
     * lastEndMs}), epoch ms. Every request in exactly the sleep scores 100 (an open plan a little above); late or
     * failed requests, or a late client, less.
     */
    default double percentOfIdeal(long successes, long scheduleStartMs, long lastEndMs) {
        double actualSeconds = (lastEndMs - scheduleStartMs) / 1000.0;
        return hasIdeal() && idealSamples() > 0 && actualSeconds > 0
                ? 100.0 * successes / idealSamples() * idealDurationSeconds() / actualSeconds
                : 0;
    }
}
