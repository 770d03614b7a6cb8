package lab.threads.common;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * The server's own timestamps of every {@code /sleep} request, one CSV line each, for the report to join with the
 * client's sample (by {@code ?rid}). Request threads only queue an entry; a platform thread writes the queue every
 * second, so the file grows while they are saturated and a kill loses one second at most. Times are epoch microseconds
 * on the monotonic clock, anchored once ({@link ClockAnchor}).
 */
public final class RequestLog implements AutoCloseable {
    /**
     * The columns, each new one at the end so a reader of the first ones reads older files too: {@code
     * waitingSinceEpochUs} (empty without an accept shown), then the pool's split ({@link PoolStamps}), empty without a
     * pool, borrow and call empty when they failed.
     */
    public static final String HEADER = "rid,firstOnConnection,receivedEpochUs,startedEpochUs,respondedEpochUs,"
            + "waitingSinceEpochUs,borrowingEpochUs,borrowedEpochUs,calledEpochUs";

    private static final long WRITE_EVERY_MS = 1000;

    private final ConcurrentLinkedQueue<Entry> pending = new ConcurrentLinkedQueue<>();
    private final ClockAnchor anchor = ClockAnchor.now();
    private final BufferedWriter out;
    private final Thread writer;
    private volatile boolean closed;

    private record Entry(
            String requestId,
            boolean first,
            long waitingSinceNanos,
            long receivedNanos,
            long startedNanos,
            long respondedNanos,
            long borrowingNanos,
            long borrowedNanos,
            long calledNanos) {}

    private RequestLog(BufferedWriter out) {
        this.out = out;
        this.writer = Thread.ofPlatform().name("request-log").daemon().unstarted(this::writeEverySecond);
    }

    /** Opens {@code file} (made or emptied) and starts its writer; throws with the path in words when it cannot. */
    public static RequestLog open(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII);
            out.write(HEADER);
            out.newLine();
            out.flush();
            RequestLog log = new RequestLog(out);
            log.writer.start();
            return log;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write the request log " + file + " (" + e.getMessage()
                            + "): give a writable file with --request-log / LAB_REQUEST_LOG",
                    e);
        }
    }

    /** Queues the request's timestamps; called once the response was written. */
    void record(SleepJob job, long respondedNanos) {
        if (!closed) {
            pending.add(new Entry(
                    job.requestId(),
                    job.firstOnConnection(),
                    job.waitingSinceNanos(),
                    job.receivedNanos(),
                    job.startedNanos(),
                    respondedNanos,
                    job.borrowingNanos(),
                    job.borrowedNanos(),
                    job.calledNanos()));
        }
    }

    /** Writes what is queued and closes the file. */
    @Override
    public void close() {
        closed = true;
        writer.interrupt();
        try {
            writer.join(TimeUnit.SECONDS.toMillis(5));
            synchronized (out) {
                drain();
                out.close();
            }
        } catch (IOException e) {
            System.err.println("request log: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void writeEverySecond() {
        try {
            while (!closed) {
                Thread.sleep(WRITE_EVERY_MS);
                synchronized (out) {
                    drain();
                }
            }
        } catch (InterruptedException stop) {
            // close() writes the rest.
        } catch (IOException e) {
            System.err.println("request log: writing stopped: " + e.getMessage());
        }
    }

    private void drain() throws IOException {
        StringBuilder line = new StringBuilder(96);
        for (Entry entry = pending.poll(); entry != null; entry = pending.poll()) {
            line.setLength(0);
            line.append(entry.requestId() == null ? "" : entry.requestId())
                    .append(',')
                    .append(entry.first() ? 1 : 0)
                    .append(',')
                    .append(epochMicros(entry.receivedNanos()))
                    .append(',');
            if (entry.startedNanos() != 0) {
                line.append(epochMicros(entry.startedNanos()));
            }
            line.append(',').append(epochMicros(entry.respondedNanos()));
            for (long stamp : new long[] {
                entry.waitingSinceNanos(), entry.borrowingNanos(), entry.borrowedNanos(), entry.calledNanos()
            }) {
                line.append(',');
                if (stamp != 0) {
                    line.append(epochMicros(stamp));
                }
            }
            out.append(line);
            out.newLine();
        }
        out.flush();
    }

    private long epochMicros(long nanos) {
        return anchor.epochMicros(nanos);
    }
}
