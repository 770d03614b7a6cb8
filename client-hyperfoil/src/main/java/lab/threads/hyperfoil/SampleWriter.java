package lab.threads.hyperfoil;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Writes one line per request in JMeter's CSV columns, so the lab's readers read these records unchanged; each event
 * loop fills its own buffer and hands it over in blocks, no lock per request.
 */
final class SampleWriter implements AutoCloseable {

    static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";
    private static final int FLUSH_AT = 64 * 1024;

    private final Writer out;
    private final String label;
    private final List<StringBuilder> buffers = new CopyOnWriteArrayList<>();
    private final ThreadLocal<StringBuilder> buffer = ThreadLocal.withInitial(this::newBuffer);

    SampleWriter(Path file, String label) throws IOException {
        this(Files.newBufferedWriter(file), label);
        out.write(HEADER);
        out.write('\n');
    }

    private SampleWriter(Writer out, String label) {
        this.out = out;
        this.label = label;
    }

    /** Formats and buffers every line as the file's writer does, and drops it: the warm-up's requests. */
    static SampleWriter discarding(String label) {
        return new SampleWriter(Writer.nullWriter(), label);
    }

    private StringBuilder newBuffer() {
        StringBuilder created = new StringBuilder(FLUSH_AT + 1024);
        buffers.add(created);
        return created;
    }

    /**
     * One request: {@code responseCode} the status or {@code Non HTTP response code: ...}; {@code connectMillis} 0 when
     * none.
     */
    void write(
            long startMillis,
            long elapsedMillis,
            String responseCode,
            String message,
            boolean success,
            long bytes,
            long sentBytes,
            int users,
            String url,
            long latencyMillis,
            long connectMillis,
            String threadName) {
        StringBuilder line = buffer.get();
        synchronized (line) {
            line.append(startMillis)
                    .append(',')
                    .append(elapsedMillis)
                    .append(',')
                    .append(label)
                    .append(',')
                    .append(responseCode)
                    .append(',')
                    .append(message)
                    .append(',')
                    .append(threadName)
                    .append(",text,")
                    .append(success)
                    .append(",,")
                    .append(bytes)
                    .append(',')
                    .append(sentBytes)
                    .append(',')
                    .append(users)
                    .append(',')
                    .append(users)
                    .append(',')
                    .append(url)
                    .append(',')
                    .append(latencyMillis)
                    .append(",0,")
                    .append(connectMillis)
                    .append('\n');
            if (line.length() >= FLUSH_AT) {
                drain(line);
            }
        }
    }

    private void drain(StringBuilder line) {
        synchronized (out) {
            try {
                out.append(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        line.setLength(0);
    }

    @Override
    public void close() throws IOException {
        for (StringBuilder line : buffers) {
            synchronized (line) {
                drain(line);
            }
        }
        out.close();
    }
}
