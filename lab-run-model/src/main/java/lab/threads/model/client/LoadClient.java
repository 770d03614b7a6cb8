package lab.threads.model.client;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The registry of the load clients: each that can send a run's load and write its {@code samples.jtl}, with what the
 * report may say of it and the files it leaves. A client is one module ({@link #module()}) and one line here, its
 * {@code ClientProgram} found through {@code ClientPrograms}; ClientRegistryTest and ClientSeamTest keep the two in
 * step. run.json records it by {@link #id()}; an older run by its words or its own log.
 */
public enum LoadClient {
    /**
     * JMeter's start and end share one ms clock, {@code elapsed} their difference: the recorded end is at most 1 ms
     * early.
     */
    JMETER(
            "jmeter",
            "client-jmeter",
            "JMeter",
            "JMeter fork",
            1,
            500,
            new Logs("jmeter.log", "jmeter-gc.log", List.of("samples.jmeter.log")),
            new Words(
                    "Times in ms; percentiles are JMeter's Aggregate Report (nearest rank over all samples); ",
                    "JMeter's Summary Report and Aggregate Report columns",
                    "JMeter recorded no connect times (its Java implementation writes 0)",
                    "",
                    null,
                    "JMeter's latency and throughput include the client's own delays; the server's columns are its own"
                            + " view. To measure the server rather than the client: fewer users (--users), JMeter's"
                            + " users on other machines (--workers), or the server on another machine (--target).",
                    "With no think time the req/s is the slower side's: to measure the server, a lighter client"
                            + " (--client hyperfoil), the client on cores of its own (--cpus) or on another machine"
                            + " (--workers, --target).")),
    /**
     * Hyperfoil's start and elapsed come from two clocks, each cut to the ms: the recorded end can be up to 2 ms early.
     */
    HYPERFOIL(
            "hyperfoil",
            "client-hyperfoil",
            "Hyperfoil",
            "Hyperfoil fork",
            2,
            500,
            new Logs("hyperfoil.log", "hyperfoil-gc.log", List.of()),
            new Words(
                    "Times in ms, from Hyperfoil's records; percentiles as JMeter's Aggregate Report computes them "
                            + "(nearest rank over all samples); ",
                    "Summary Report and Aggregate Report columns (JMeter's math over Hyperfoil's records)",
                    "Hyperfoil recorded no connect times (it writes 0)",
                    " (Hyperfoil's throughput plan writes no connect time: 0, its connections are opened before"
                            + " the load; in the talk's plans a user's connect is the time to its request's first byte"
                            + " sent)",
                    // The talk's plans' records carry the live users in allThreads; the throughput plan's, its
                    // connection count, the same in every record.
                    "the users Hyperfoil held (allThreads: the live users in the talk's plans, the connections' count"
                            + " in the throughput plan)",
                    // Already the lighter client: the advice is cores of its own, not another client.
                    Advice.HYPERFOIL,
                    Advice.HYPERFOIL));

    /** Hyperfoil's advice, the same with a think time and without: it is already the lighter client. */
    private static final class Advice {
        static final String HYPERFOIL = "The req/s and latency include Hyperfoil's own delays (it shares the cores):"
                + " to measure the server, the client on cores of its own (--cpus) or the server on another machine"
                + " (--target).";
    }

    /** The client of a run that names none: the only one before the second came. */
    public static final LoadClient UNNAMED = JMETER;

    /**
     * What the report says of the client where clients differ: the main table's note, the Summary columns' title, the
     * kernel section's words without connect times, the connect part's meaning (empty: nothing), the active-users
     * caption (null: the chart's own), and what to do when it held figures back, with a think time and without.
     */
    public record Words(
            String readingTimes,
            String summaryColumns,
            String noConnectTimes,
            String connectNote,
            String activeUsersCaption,
            String clientBoundAdvice,
            String noThinkTimeAdvice) {}

    /**
     * The logs a client's fork leaves in a server's folder, beside its samples.
     *
     * @param log the fork's stderr, where it says why it failed
     * @param others more logs of its own that may say why it failed (JMeter's own log), none for most
     */
    public record Logs(String log, String gcLog, List<String> others) {
        public Logs {
            others = List.copyOf(others);
        }
    }

    private final String id;
    private final String module;
    private final String label;
    private final String fork;
    private final int endResolutionMs;
    private final int ownDescriptors;
    private final Logs logs;
    private final Words words;

    LoadClient(
            String id,
            String module,
            String label,
            String fork,
            int endResolutionMs,
            int ownDescriptors,
            Logs logs,
            Words words) {
        this.id = id;
        this.module = module;
        this.label = label;
        this.fork = fork;
        this.endResolutionMs = endResolutionMs;
        this.ownDescriptors = ownDescriptors;
        this.logs = logs;
        this.words = words;
    }

    /** Which client a run recorded: by its id, else by its words, else JMeter (a run from before the second client). */
    public static LoadClient of(String id, String words) {
        if (id != null) {
            return byId(id).orElse(UNNAMED);
        }
        return words == null
                ? UNNAMED
                : Arrays.stream(values())
                        .filter(client -> words.startsWith(client.label))
                        .findFirst()
                        .orElse(UNNAMED);
    }

    /**
     * The client of a server folder from before run.json named it: the one whose own log is {@code present}; the
     * unnamed client when none is.
     */
    public static LoadClient byLogIn(Predicate<String> present) {
        return Arrays.stream(values())
                .filter(client -> client != UNNAMED && present.test(client.logs.log()))
                .findFirst()
                .orElse(UNNAMED);
    }

    public static Optional<LoadClient> byId(String id) {
        return Arrays.stream(values()).filter(client -> client.id.equals(id)).findFirst();
    }

    /** The name in run.json and on command lines: "jmeter", "hyperfoil". */
    public String id() {
        return id;
    }

    /** Its module, beside the servers': "client-jmeter", "client-hyperfoil". */
    public String module() {
        return module;
    }

    /** "JMeter", "Hyperfoil". */
    public String label() {
        return label;
    }

    /** "JMeter's", "Hyperfoil's". */
    public String possessive() {
        return label + "'s";
    }

    /** Its JVM, as the profile names it: "JMeter fork". */
    public String fork() {
        return fork;
    }

    /** The fork's stderr in a server's folder, where it says why it failed. */
    public String logFile() {
        return logs.log();
    }

    /** Its fork's GC log in a server's folder. */
    public String gcLogFile() {
        return logs.gcLog();
    }

    /** Every log of its own that may say why its fork failed: its stderr first. */
    public List<String> logFiles() {
        return Stream.concat(Stream.of(logs.log()), logs.others().stream()).toList();
    }

    public Words words() {
        return words;
    }

    /**
     * The descriptors its fork holds besides its connections, rounded up: the open-files limit less these is what one
     * fork can hold ({@code ClientShare}).
     */
    public int ownDescriptors() {
        return ownDescriptors;
    }

    /** How much earlier than the true end a recorded end (start + elapsed) can be by its own arithmetic, ms. */
    public int endResolutionMs() {
        return endResolutionMs;
    }

    /**
     * How much later than a sample's recorded end the server may have had its request, for the join, the same for
     * either client: Hyperfoil's recorded end can be 2 ms early, and a JMeter run was observed just after
     * (docs/results.md).
     */
    public int joinSlackMs() {
        return 2;
    }
}
