package lab.threads.model.wait;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How a {@code /sleep?how=} waits its N ms, each in another part of the JDK: the talk's pinning tables. {@link #SLEEP}
 * is the default; {@link #DB} and {@link #HTTP_POOL} borrow a connection from a bounded pool first ({@link #pooled()}),
 * so a request may wait twice.
 */
public enum WaitKind {
    SLEEP("sleep", "Thread.sleep"),
    MONITOR("monitor", "Thread.sleep inside synchronized"),
    OBJECT_WAIT("object-wait", "Object.wait(ms) in its monitor"),
    LOCK("lock", "Condition.await under a ReentrantLock"),
    FILE("file", "a blocking read of a FIFO that the server's writer thread writes after N ms"),
    FILE_SYNC(
            "file-sync",
            "a synchronous (O_DSYNC) write into a full FIFO that the server's writer thread drains after N ms"),
    SOCKET("socket", "a blocking socket read of a downstream server's answer, sent after N ms"),
    NATIVE("native", "usleep in libc through an FFM downcall (a native frame)"),
    PROCESS("process", "Process.waitFor on a child process that sleeps N ms"),
    DB("db", "select pg_sleep(N/1000.0) on a connection borrowed from HikariCP's pool (--db)"),
    HTTP_POOL(
            "http-pool",
            "GET --downstream's /sleep?ms=N through Apache HttpClient 5 classic and its pooled connections");

    private final String id;
    private final String description;

    WaitKind(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** The name in {@code ?how=}. */
    public String id() {
        return id;
    }

    /** What the thread blocks in, for the answer's body and the report. */
    public String description() {
        return description;
    }

    /** Whether it borrows a connection from a bounded pool before it waits: its request log stamps the borrow. */
    public boolean pooled() {
        return this == DB || this == HTTP_POOL;
    }

    public static Optional<WaitKind> of(String id) {
        return Arrays.stream(values()).filter(kind -> kind.id.equals(id)).findFirst();
    }

    /** Every name, comma-separated, for messages. */
    public static String ids() {
        return Arrays.stream(values()).map(WaitKind::id).collect(Collectors.joining(", "));
    }
}
