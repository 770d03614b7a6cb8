package lab.threads.report.math;

/**
 * The consecutive parts of one request's life, from JMeter's sample start to JMeter having read the response. Each
 * part is the time between two measured instants, so the parts of a request add up to its JMeter elapsed.
 */
public enum RequestPart {
    CONNECT(
            "connect",
            "from JMeter's sample start to its connection being open: the client's set-up and the TCP "
                    + "handshake, SYN retries included; 0 on a reused keep-alive connection"),
    ACCEPT_QUEUE(
            "accept queue",
            "a new connection open (the kernel completed the handshake) until the server's framework "
                    + "has its first request: the kernel's accept queue, then the read (Undertow reads in the same I/O-thread call "
                    + "that accepts; Helidon on the connection's new virtual thread, so its wait for a carrier is in here too)"),
    READ_WAIT(
            "waiting to be read",
            "JMeter's start of a request on a keep-alive connection until the server's framework "
                    + "has it: the client writing it (JMeter keeps no time of the write), then the server's I/O thread (Undertow) or "
                    + "the connection's virtual thread (Helidon) reading it, each perhaps waiting for a core"),
    THREAD_WAIT(
            "waiting for a thread",
            "the framework has the request until the variant's thread starts the sleep: a "
                    + "pool's queue, a new platform thread being started, a virtual thread being scheduled"),
    HANDLER("handler", "the sleep and the lab's handler, until the response was written to the connection"),
    CLIENT(
            "client",
            "the response written until JMeter had read it: the transfer and the client's own delays "
                    + "(a stall, GC, waiting for a core)");

    private final String label;
    private final String meaning;

    RequestPart(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
    }

    public String label() {
        return label;
    }

    /** What the part measures, for the report's legend. */
    public String meaning() {
        return meaning;
    }
}
