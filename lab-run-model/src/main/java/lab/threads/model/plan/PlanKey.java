package lab.threads.model.plan;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import lab.threads.model.wait.PoolDefaults;
import lab.threads.model.wait.WaitKind;

/**
 * Every property of a plan the lab names, once: its name in a plan, its option of {@code ./lab run}, its range, who
 * sets it and the lab's own default. Nothing outside this model spells a key again (a lab-runner test scans for it); a
 * {@link LoadPlan} carries them typed.
 */
public enum PlanKey {
    /** Closed plans: the users, each a connection of its own. */
    USERS("users", SetBy.PLAN, whole(1), "Plan property users: simulated users. Default: the plan's (talk 20000)."),
    /** Closed and open plans: the seconds over which the users (the arrival rate) ramp up. */
    RAMPUP(
            "rampup",
            SetBy.PLAN,
            whole(0),
            "Plan property rampup: seconds to start all users (open plans: to reach the rate). "
                    + "Default: the plan's (talk 20, open 0)."),
    /** Closed plans: each user's requests. */
    LOOPS("loops", SetBy.PLAN, whole(1), "Plan property loops: requests per user. Default: the plan's (talk 3)."),
    /**
     * Open plans, and the throughput plan above 0: arrivals a second; 0 is the throughput plan's "back to back" ({@link
     * PlanModel#least}).
     */
    RATE(
            "rate",
            SetBy.PLAN,
            whole(0),
            "Open plans: plan property rate, arrivals per second (whole); the throughput plan: 0 sends back "
                    + "to back, more arrives at that rate. Default: the plan's (open 100, throughput 0)."),
    /** Open and throughput plans: the seconds the rate (the connections) are held. */
    DURATION(
            "duration",
            SetBy.PLAN,
            whole(1),
            "Open plans: plan property duration, seconds at that rate after the ramp-up. "
                    + "Default: the plan's (open 60)."),
    /** The throughput plan: its connections, each sending back to back. */
    CONNECTIONS(
            "connections",
            SetBy.PLAN,
            whole(1),
            "Throughput plan: plan property connections, each sending back to back. Default: the "
                    + "plan's (throughput 100)."),
    /** The throughput plan: seconds sent but not recorded, before its measured ones. */
    WARMUP(
            "warmup",
            SetBy.PLAN,
            whole(0),
            "Throughput plan: plan property warmup, seconds of load before the measured duration, "
                    + "not recorded. Default: the plan's (throughput 10: the JIT settles)."),
    /** The spike plan: the spike's users as a multiple of the base's ({@link #USERS}). */
    SPIKE_FACTOR(
            "spike_factor",
            SetBy.PLAN,
            whole(1),
            "Spike plan: plan property spike_factor, the spike's users as a multiple of --users. "
                    + "Default: the plan's (5)."),
    /** The spike plan: the second of the schedule the spike starts. */
    SPIKE_AT(
            "spike_at",
            SetBy.PLAN,
            whole(0),
            "Spike plan: plan property spike_at, the second the spike starts. Default: the plan's (20)."),
    /** The spike plan: how long the spike lasts. */
    SPIKE_SECONDS(
            "spike_seconds",
            SetBy.PLAN,
            whole(1),
            "Spike plan: plan property spike_seconds, how long the spike lasts. Default: the plan's (10)."),
    /** The spike plan: the seconds over which the spike's users start (its thread group's ramp-up); no option. */
    SPIKE_RAMPUP("spike_rampup", SetBy.PLAN, whole(0), null),
    /** The step plan: how many steps of {@link #USERS} more users, one thread group of step.jmx each. */
    STEPS(
            "steps",
            SetBy.PLAN,
            new Values(Kind.WHOLE, 1, UserGroups.MAX_STEPS),
            "Step and hold plans: plan property steps, how many steps of --users more users (1 to 10). "
                    + "Default: the plan's (step 8, hold 5)."),
    /** The step plan: how long each step lasts. */
    STEP_SECONDS(
            "step_seconds",
            SetBy.PLAN,
            whole(1),
            "Step and hold plans: plan property step_seconds, how long each step lasts. Default: the plan's (10)."),
    /** The {@code ?ms=} of the lab's {@code /sleep}: what each request waits on the server. */
    SLEEP_MS(
            "sleep_ms",
            SetBy.PLAN,
            whole(0),
            "Plan property sleep_ms: the ?ms of each request. Default: the plan's (talk 6000)."),
    CONNECT_TIMEOUT_MS(
            "connect_timeout_ms",
            SetBy.PLAN,
            whole(0),
            "Plan property connect_timeout_ms. Default: the plan's (30000)."),
    RESPONSE_TIMEOUT_MS(
            "response_timeout_ms",
            SetBy.PLAN,
            whole(0),
            "Plan property response_timeout_ms. Default: the plan's (60000)."),
    /** The local address each user binds: a literal, or an expression of the user's number. */
    SOURCE_ADDRESS(
            "source_address",
            SetBy.PLAN,
            Values.TEXT,
            "Plan property source_address: the local address each JMeter user binds its connection to: "
                    + "per-user (against a server on 127.x, user n binds 127.n: each address has its own local ports, "
                    + "so no connect searches a crowded range), system (the kernel picks, as stock JMeter) or one IP "
                    + "address. Default: per-user (for plans with the property)."),
    /** How each request waits its ms on the server: {@code /sleep?ms=N&how=X}, no {@code how=} for the plain sleep. */
    HOW(
            "how",
            SetBy.LAB,
            Values.WAIT,
            WaitKind.SLEEP.id(),
            "How each request waits its ms on the server: one of the servers' waits (" + WaitKind.ids()
                    + "), sent as /sleep?ms=N&how=<wait>; sleep sends no how=."),
    /** HikariCP's maximumPoolSize on the servers the runner starts: with how=db, the ceiling is this over the wait. */
    DB_POOL(
            "db_pool",
            SetBy.SERVERS,
            whole(1),
            Integer.toString(PoolDefaults.DB_POOL),
            "how=db: the servers' HikariCP maximumPoolSize (as HikariCP ships it); the plan's ideal is the smaller of"
                    + " users / wait and this / wait."),
    /** HikariCP's connectionTimeout: a borrow that waits longer answers 503 db_pool_timeout. */
    DB_POOL_TIMEOUT_MS(
            "db_pool_timeout_ms",
            SetBy.SERVERS,
            whole(PoolDefaults.DB_POOL_TIMEOUT_FLOOR_MS),
            Long.toString(PoolDefaults.DB_POOL_TIMEOUT_MS),
            "how=db: HikariCP's connectionTimeout (as it ships); a request that waits longer for a connection answers"
                    + " 503 db_pool_timeout."),
    /** HttpClient 5's connections to the downstream: with how=http-pool, the ceiling is this over the wait. */
    HTTP_POOL(
            "http_pool",
            SetBy.SERVERS,
            whole(1),
            Integer.toString(PoolDefaults.HTTP_POOL),
            "how=http-pool: the servers' HttpClient 5 connections to the downstream (as it ships, per route); the"
                    + " plan's ideal is the smaller of users / wait and this / wait."),
    /** HttpClient 5's connection-request timeout: a borrow that waits longer answers 503 http_pool_timeout. */
    HTTP_POOL_TIMEOUT_MS(
            "http_pool_timeout_ms",
            SetBy.SERVERS,
            whole(0),
            Long.toString(PoolDefaults.HTTP_POOL_TIMEOUT_MS),
            "how=http-pool: HttpClient 5's connection-request timeout (as it ships); a request that waits longer"
                    + " answers 503 http_pool_timeout."),
    /** Where the plan sends its requests: the server's host. */
    HOST("host", SetBy.TARGET, Values.TEXT, null),
    /** Where the plan sends its requests: the server's port. */
    PORT("port", SetBy.TARGET, new Values(Kind.WHOLE, 1, 65_535), null),
    /**
     * What the bundled plans append to each request's path for its wait ({@code &how=db}), set by the fork from {@link
     * LoadPlan#how}.
     */
    HOW_QUERY("how_query", SetBy.FORK, Values.TEXT, null),
    /**
     * What the bundled plans put before each request's counter in its {@code rid}: set by each client's fork, its
     * process's prefix, so a split load's ids never meet.
     */
    RID_PREFIX("rid_prefix", SetBy.FORK, Values.TEXT, null),
    /**
     * The variable the bundled plans fill with an error answer's cause (the lab's JSON {@code error}, e.g. {@code
     * db_pool_timeout}), a column of the samples, so the report can say which limit a 5xx points to.
     */
    ERROR_CAUSE("error_cause", SetBy.FORK, Values.TEXT, null);

    /** Who gives a key its value. */
    public enum SetBy {
        /** The plan, its default; {@code ./lab run} overrides it with the key's option. */
        PLAN,
        /** The lab: every plan takes it, its default the key's; the runner carries it typed ({@link LoadPlan#how}). */
        LAB,
        /** The lab, for the servers it starts: every plan takes it and the servers get it as their own flag. */
        SERVERS,
        /** The runner, for each server it aims the load at: never the user. */
        TARGET,
        /** Each client's fork, from the load itself: never the user. */
        FORK
    }

    /** What a key's values are: text as given, one of the servers' waits, or a whole number in a range. */
    private enum Kind {
        TEXT,
        WAIT,
        WHOLE
    }

    /** A key's values: a whole number from {@code min} to {@code max}, or no range for the other kinds. */
    private record Values(Kind kind, long min, long max) {
        static final Values TEXT = new Values(Kind.TEXT, 0, 0);
        static final Values WAIT = new Values(Kind.WAIT, 0, 0);
    }

    private final String property;
    private final SetBy setBy;
    private final Values values;
    private final String defaultValue;
    private final String description;

    PlanKey(String property, SetBy setBy, Values values, String description) {
        this(property, setBy, values, null, description);
    }

    PlanKey(String property, SetBy setBy, Values values, String defaultValue, String description) {
        this.property = property;
        this.setBy = setBy;
        this.values = values;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    /** A whole number of at least {@code min}: an int, as the clients read every count and time. */
    private static Values whole(long min) {
        return new Values(Kind.WHOLE, min, Integer.MAX_VALUE);
    }

    /** Its name in a plan: {@code users}, {@code sleep_ms}. */
    public String property() {
        return property;
    }

    /** Its option of {@code ./lab run}: the property with {@code -} for {@code _}. */
    public String flag() {
        return "--" + property.replace('_', '-');
    }

    public SetBy setBy() {
        return setBy;
    }

    /** The lab's value when none is given ({@link SetBy#LAB}, {@link SetBy#SERVERS}); null when the plan's is. */
    public String defaultValue() {
        return defaultValue;
    }

    /** What its option of {@code ./lab run} says; empty for a key that has none (set with -J, or not by the user). */
    public Optional<String> description() {
        return Optional.ofNullable(description);
    }

    /** Whether its values are whole numbers, which a {@link LoadPlan} carries typed. */
    public boolean isWhole() {
        return values.kind() == Kind.WHOLE;
    }

    /**
     * Its whole number in its range.
     *
     * @throws IllegalArgumentException in one line, naming the key, what it takes and its option
     */
    public long whole(String value) {
        return whole(value, values.min());
    }

    /**
     * Its whole number in its range and at least {@code min} ({@link PlanModel#least}).
     *
     * @throws IllegalArgumentException as {@link #whole(String)}
     */
    public long whole(String value, long min) {
        long least = Math.max(min, values.min());
        try {
            long number = Long.parseLong(value.strip());
            if (number >= least && number <= values.max()) {
                return number;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        String upTo = values.max() < Integer.MAX_VALUE ? " and at most " + values.max() : "";
        throw new IllegalArgumentException("Plan property '" + property + "' must be a whole number of at least "
                + least + upTo + ", got '" + value + "': set it with " + option() + ".");
    }

    /** How a user sets it: its option of {@code ./lab run}, or {@code -J<property>} for a key without one. */
    private String option() {
        return description == null ? "-J" + property : flag();
    }

    /** The keys {@code setBy} gives. */
    public static List<PlanKey> setBy(SetBy setBy) {
        return Arrays.stream(values()).filter(key -> key.setBy == setBy).toList();
    }

    public static Optional<PlanKey> of(String property) {
        return Arrays.stream(values())
                .filter(key -> key.property.equals(property))
                .findFirst();
    }
}
