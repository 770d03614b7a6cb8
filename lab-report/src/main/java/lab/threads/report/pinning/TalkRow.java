package lab.threads.report.pinning;

/** The operations of the talk's pinning tables (an early Loom build) a wait kind measures, and the talk's word. */
public enum TalkRow {
    SLEEP("sleep", "Thread.sleep", "friendly"),
    MONITOR("monitor", "blocking inside synchronized (a held object monitor)", "pins"),
    OBJECT_WAIT("object-wait", "Object.wait", "pins"),
    LOCK("lock", "java.util.concurrent blocking (a ReentrantLock's Condition)", "friendly"),
    FILE("file", "file I/O, a plain read (java.io, FileChannel, java.nio.file on buffered I/O)", "pins"),
    FILE_SYNC("file-sync", "file I/O, a synchronous write (O_SYNC/O_DSYNC; also direct I/O, fsync)", "pins"),
    SOCKET("socket", "socket read", "friendly"),
    NATIVE("native", "a native frame on the stack (FFM downcall)", "not in the talk (the JDK docs: pins)"),
    PROCESS("process", "Process.waitFor", "pins on Windows");

    private final String kind;
    private final String operation;
    private final String talkSays;

    TalkRow(String kind, String operation, String talkSays) {
        this.kind = kind;
        this.operation = operation;
        this.talkSays = talkSays;
    }

    public String kind() {
        return kind;
    }

    public String operation() {
        return operation;
    }

    public String talkSays() {
        return talkSays;
    }
}
