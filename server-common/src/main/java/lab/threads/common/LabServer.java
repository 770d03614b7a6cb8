package lab.threads.common;

/** A running server of the lab, whatever its framework. */
public interface LabServer {

    /** The port it listens on (the real one when started with port 0). */
    int port();

    /** Stops accepting, lets in-flight requests finish within the shutdown grace period, then closes. */
    void stop();

    /** Starts a server of one variant around the shared contract. */
    @FunctionalInterface
    interface Factory {
        LabServer start(SleepContract contract);
    }
}
