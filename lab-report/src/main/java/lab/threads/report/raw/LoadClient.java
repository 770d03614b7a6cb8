package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The registry of the load clients: each one that can send a run's load and write its {@code samples.jtl}, with what
 * the report may say of it and the files it leaves in a server's folder. A client is one module
 * ({@link #module()}) and one line here; the runner's fork of it is found by {@link #id()}, and a lab-runner test
 * (ClientRegistryTest) checks that every line has its module and its fork, as VariantRegistryTest checks the servers.
 *
 * <p>A run records its client as the typed field {@value #METADATA_KEY} of run.json ({@link #id()}). A run from
 * before that field still reads: its prose {@value #OLD_METADATA_KEY} ("Hyperfoil's event loops ...") or, with no
 * run.json at hand, the client's own log in the server folder names it; a run from before either said is JMeter's,
 * the only client then.
 */
public enum LoadClient {
    /**
     * JMeter stamps a sample's start and end on one millisecond clock and writes {@code elapsed} as their difference:
     * the recorded end is the true end cut to the ms, at most 1 ms early.
     */
    JMETER(
            "jmeter",
            "client-jmeter",
            "JMeter",
            "JMeter fork",
            1,
            RunFolder.JMETER_LOG_FILE,
            new Words(
                    "Times in ms; percentiles are JMeter's Aggregate Report (nearest rank over all samples); ",
                    "JMeter's Summary Report and Aggregate Report columns",
                    "JMeter recorded no connect times (its Java implementation writes 0)",
                    "",
                    null)),
    /**
     * Hyperfoil's start is {@code System.currentTimeMillis()} and the elapsed its nanosecond clock, each cut to the ms
     * on its own: the recorded end (start + elapsed) can be up to 2 ms before the true end.
     */
    HYPERFOIL(
            "hyperfoil",
            "client-hyperfoil",
            "Hyperfoil",
            "Hyperfoil fork",
            2,
            RunFolder.HYPERFOIL_LOG_FILE,
            new Words(
                    "Times in ms, from Hyperfoil's records; percentiles as JMeter's Aggregate Report computes them "
                            + "(nearest rank over all samples); ",
                    "Summary Report and Aggregate Report columns (JMeter's math over Hyperfoil's records)",
                    "Hyperfoil recorded no connect times (it writes 0)",
                    " (Hyperfoil writes no connect time: 0, its connections are opened before the load)",
                    // Its records carry its connection count in allThreads, the same in every record.
                    "the connections Hyperfoil held (allThreads: its records carry the plan's count, not a live one)"));

    /** The client of a run that names none: the only one before the second came. */
    public static final LoadClient UNNAMED = JMETER;

    /** run.json's typed field naming the client: its {@link #id()}. */
    public static final String METADATA_KEY = "loadClient";

    /** run.json's prose field of runs from before {@link #METADATA_KEY}: "Hyperfoil's event loops (...)". */
    public static final String OLD_METADATA_KEY = "client";

    /**
     * What the report says of the client where its words differ from one client to another: the start of the main
     * table's reading note; the title of JMeter's Summary and Aggregate Report columns; the kernel section's words for
     * a run whose records hold no connect time; what the connect part's meaning gains (empty: nothing); the
     * active-users chart's caption (null: the chart's own).
     */
    public record Words(
            String readingTimes,
            String summaryColumns,
            String noConnectTimes,
            String connectNote,
            String activeUsersCaption) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String id;
    private final String module;
    private final String label;
    private final String fork;
    private final int endResolutionMs;
    private final String logFile;
    private final Words words;

    LoadClient(String id, String module, String label, String fork, int endResolutionMs, String logFile, Words words) {
        this.id = id;
        this.module = module;
        this.label = label;
        this.fork = fork;
        this.endResolutionMs = endResolutionMs;
        this.logFile = logFile;
        this.words = words;
    }

    /** Which client recorded a server folder's samples: its case's run.json says; an older run's logs tell. */
    public static LoadClient of(Path serverDir) {
        Path parent = serverDir.toAbsolutePath().getParent();
        Path started = parent == null ? null : parent.resolve(RunFolder.STARTED_FILE);
        if (started != null && Files.isRegularFile(started)) {
            try {
                JsonNode id = JSON.readTree(started.toFile()).at("/metadata/" + METADATA_KEY);
                Optional<LoadClient> recorded = id.isTextual() ? byId(id.asText()) : Optional.empty();
                if (recorded.isPresent()) {
                    return recorded.get();
                }
            } catch (IOException unreadable) {
                // An older run's logs tell, below.
            }
        }
        return Files.isRegularFile(serverDir.resolve(HYPERFOIL.logFile)) ? HYPERFOIL : UNNAMED;
    }

    /** Which client a run's metadata names; JMeter when it names none (a run from before the second client). */
    public static LoadClient of(Map<String, Object> metadata) {
        if (metadata == null) {
            return UNNAMED;
        }
        Object id = metadata.get(METADATA_KEY);
        if (id != null) {
            return byId(id.toString()).orElse(UNNAMED);
        }
        Object words = metadata.get(OLD_METADATA_KEY);
        return words != null && words.toString().startsWith(HYPERFOIL.label) ? HYPERFOIL : UNNAMED;
    }

    /** The client of an id ({@code jmeter}, {@code hyperfoil}). */
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

    /** The fork's stderr in a server's folder, where it says why it failed ({@link RunFolder}). */
    public String logFile() {
        return logFile;
    }

    /** What the report says of it where clients differ. */
    public Words words() {
        return words;
    }

    /** How much earlier than the true end a recorded end (start + elapsed) can be by its own arithmetic, ms. */
    public int endResolutionMs() {
        return endResolutionMs;
    }

    /**
     * How much later than a sample's recorded end the server may have had its request, for the join: the same for
     * either client, so a request is never called unanswered for a clock's rounding. Hyperfoil's bound follows from
     * its arithmetic (its recorded end can be up to 2 ms early); JMeter's is observed, not derived: a recorded JMeter
     * run had requests received just after its recorded end (docs/results.md, "the figures behind its settings").
     */
    public int joinSlackMs() {
        return 2;
    }
}
