package lab.threads.runner.jmeter;

import java.util.Locale;

/** Which threads run JMeter's users. */
public enum ClientKind {
    /** Each user on a virtual thread ({@link VirtualThreadGroup}). */
    VIRTUAL,
    /** Each user on a platform thread: stock JMeter. */
    PLATFORM;

    /** The lower-case name used on command lines and in output lines. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
