package lab.threads.report.raw;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The client that sent a run's load and wrote its {@code samples.jtl}: the report names it wherever it speaks of the
 * client, and reads its records with its clock's resolution. The run folder says which: {@code run.json}'s
 * {@code client} ("JMeter users on virtual threads", "Hyperfoil's event loops (client-hyperfoil)"), and a Hyperfoil
 * server folder holds {@value #HYPERFOIL_LOG}. A run from before either said is JMeter's, the only client then.
 */
public enum LoadClient {
    /**
     * JMeter stamps a sample's start and end on one millisecond clock and writes {@code elapsed} as their difference:
     * the recorded end is the true end cut to the ms, at most 1 ms early.
     */
    JMETER("JMeter", "JMeter fork", 1),
    /**
     * Hyperfoil's start is {@code System.currentTimeMillis()} and the elapsed its nanosecond clock, each cut to the ms
     * on its own: the recorded end (start + elapsed) can be up to 2 ms before the true end.
     */
    HYPERFOIL("Hyperfoil", "Hyperfoil fork", 2);

    /** The Hyperfoil fork's stderr, which the runner writes only for a Hyperfoil run (ServerRun). */
    public static final String HYPERFOIL_LOG = "hyperfoil.log";

    /** run.json's metadata key naming the client. */
    public static final String METADATA_KEY = "client";

    private final String label;
    private final String fork;
    private final int endResolutionMs;

    LoadClient(String label, String fork, int endResolutionMs) {
        this.label = label;
        this.fork = fork;
        this.endResolutionMs = endResolutionMs;
    }

    /** Which client recorded a server folder's samples: Hyperfoil when its log is there, JMeter otherwise. */
    public static LoadClient of(Path serverDir) {
        return Files.isRegularFile(serverDir.resolve(HYPERFOIL_LOG)) ? HYPERFOIL : JMETER;
    }

    /** Which client a run's metadata names; JMeter when it names none (a run from before the second client). */
    public static LoadClient of(Map<String, Object> metadata) {
        Object words = metadata == null ? null : metadata.get(METADATA_KEY);
        return words != null && words.toString().startsWith(HYPERFOIL.label) ? HYPERFOIL : JMETER;
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
