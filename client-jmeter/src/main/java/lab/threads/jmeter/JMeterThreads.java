package lab.threads.jmeter;

import java.util.Locale;

/** Which threads run JMeter's users: {@code --client virtual} (the lab's default) or {@code platform}. */
public enum JMeterThreads {
    /** Each user on a virtual thread ({@link VirtualThreadGroup}). */
    VIRTUAL,
    /** Each user on a platform thread: stock JMeter. */
    PLATFORM;

    /** The lower-case name used on command lines and in output lines. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
