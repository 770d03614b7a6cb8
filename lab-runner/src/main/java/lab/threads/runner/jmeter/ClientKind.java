package lab.threads.runner.jmeter;

import java.util.Locale;
import lab.threads.report.raw.LoadClient;

/** Which client sends the load: JMeter, its users on virtual or platform threads; or Hyperfoil. */
public enum ClientKind {
    /** Each user on a virtual thread ({@link VirtualThreadGroup}). */
    VIRTUAL,
    /** Each user on a platform thread: stock JMeter. */
    PLATFORM,
    /** Not JMeter: Hyperfoil's event loops (client-hyperfoil), the throughput plan, when nothing blocks. */
    HYPERFOIL;

    /** {@code --client}'s value: one of the labels, or {@code jmeter} for JMeter's default (virtual threads). */
    public static ClientKind parse(String text) {
        String name = text.trim().toLowerCase(Locale.ROOT);
        if (name.equals("jmeter")) {
            return VIRTUAL;
        }
        for (ClientKind kind : values()) {
            if (kind.label().equals(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException(
                "--client must be jmeter (= virtual), virtual, platform or hyperfoil, got '" + text + "'.");
    }

    /** Which client ran, for the run's metadata and the load line. */
    public String describe() {
        return jmeter()
                ? program().label() + " users on " + label() + " threads"
                : program().possessive() + " event loops (client-hyperfoil)";
    }

    /** The program that sends the load, as the report names it wherever it speaks of the client ("JMeter"). */
    public LoadClient program() {
        return jmeter() ? LoadClient.JMETER : LoadClient.HYPERFOIL;
    }

    public boolean jmeter() {
        return this != HYPERFOIL;
    }

    /** The lower-case name used on command lines and in output lines. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
