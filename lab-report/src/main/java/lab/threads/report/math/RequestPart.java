package lab.threads.report.math;

import lab.threads.model.client.LoadClient;

/**
 * The consecutive parts of one request's life, from the client's start to its having read the response: each the time
 * between two measured instants, so they add up to its elapsed. A first request's kernel accept queue and wait to be
 * read are apart (its accept stamped) or merged; never both.
 */
public enum RequestPart {
    CONNECT(
            "connect",
            "from {client}'s sample start to its connection being open: the client's set-up and the TCP "
                    + "handshake, SYN retries included; 0 on a reused keep-alive connection"),
    KERNEL_QUEUE(
            "kernel accept queue",
            "a new connection open ({client}'s connect end: the kernel completed the handshake) until the server's "
                    + "accept() returned it: the listener's accept queue (ss Recv-Q), checked against the area under it"),
    QUEUE_AND_READ(
            "accept queue and read, merged",
            "a new connection open until the server's framework had its first request, where no accept was stamped "
                    + "(a run from before the stamp, or a framework that shows none): the kernel's accept queue and the "
                    + "wait to be read, not measured apart"),
    READ_WAIT(
            "waiting to be read",
            "a connection's first request: from its accept until the framework had the request parsed (the I/O "
                    + "thread's lag, Helidon's wait for a carrier for the connection's new virtual thread, the client's "
                    + "write). A keep-alive request: from {client}'s start until the framework had it ({client} keeps no time "
                    + "of the write, so the client writing it is in here too)"),
    THREAD_WAIT(
            "waiting for a thread",
            "the framework has the request until the variant's thread starts the sleep: a "
                    + "pool's queue, a new platform thread being started, a virtual thread being scheduled"),
    POOL_WAIT(
            "waiting for a pooled connection",
            "the variant's thread (server-async's request, with none) asks its pool (HikariCP for how=db, r2dbc-pool "
                    + "on server-async; HttpClient's for how=http-pool) for a connection until it has one; when none "
                    + "came before the pool's timeout, until the 503 was handed to the socket"),
    POOLED_CALL(
            "in the pooled call",
            "a connection in hand until the call on it returned: the query in the database (how=db, its pg_sleep the "
                    + "asked-for wait) or the downstream's answer (how=http-pool)"),
    HANDLER("handler", "the sleep and the lab's handler, until the response's last byte was handed to the socket"),
    CLIENT(
            "client",
            "the response handed to the socket until {client} had read it: the transfer and the client's own delays "
                    + "(a stall, GC, waiting for a core)");

    /** The parts in the order of a summary.json from before the accept stamp. */
    static final RequestPart[] BEFORE_ACCEPT_STAMP = {CONNECT, QUEUE_AND_READ, READ_WAIT, THREAD_WAIT, HANDLER, CLIENT};

    /** The parts in the order a summary.json written before the pool's stamps holds them. */
    static final RequestPart[] BEFORE_POOL_STAMPS = {
        CONNECT, KERNEL_QUEUE, QUEUE_AND_READ, READ_WAIT, THREAD_WAIT, HANDLER, CLIENT
    };

    private final String label;
    private final String meaning;

    RequestPart(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
    }

    /** Whether the part exists only for a wait through a pool ({@code how=db}, {@code how=http-pool}). */
    public boolean pooled() {
        return this == POOL_WAIT || this == POOLED_CALL;
    }

    public String label() {
        return label;
    }

    /** What the part measures, naming the client that recorded the samples. */
    public String meaning(LoadClient client) {
        String named = meaning.replace("{client}", client.label());
        return this == CONNECT ? named + client.words().connectNote() : named;
    }
}
