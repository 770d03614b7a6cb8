package lab.threads.common;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * File I/O that blocks for a known time, on named pipes (FIFOs) and one platform thread of the server that ends each
 * wait N ms later. The request's end is opened read-write, which never blocks on Linux, so the wait is in the read or
 * the write, not in {@code open}. FIFOs are made in batches by one {@code mkfifo} call and reused.
 *
 * <ul>
 *   <li>{@code how=file}: a plain read, until the server's thread writes a byte. JDK 21 compensated for it (a
 *       carrier added while it blocks: {@code RandomAccessFile.read} called {@code jdk.internal.misc.Blocker}); JDK
 *       23 dropped that for files opened for buffered I/O (JDK-8329593), so from 23 on it holds its carrier.
 *   <li>{@code how=file-sync}: a synchronous write ({@code RandomAccessFile} mode "rwd", {@code O_DSYNC}) of 128
 *       KiB, twice a pipe's default capacity (64 KiB), so it fills the pipe and blocks until the server's thread
 *       drains it. JDK 25 still compensates for it: {@code RandomAccessFile.implWriteBytes} calls {@code
 *       Blocker.begin(sync)}, true for "rws"/"rwd", as JDK-8329593 kept for writes with synchronized I/O integrity
 *       (and for direct I/O); JDK 21 did for every write.
 * </ul>
 */
final class Fifos {
    private static final int BATCH = 64;

    /** Twice Linux's default pipe capacity (16 pages): a write of it blocks until the other end reads. */
    static final int SYNC_WRITE_BYTES = 2 * 64 * 1024;

    private static final byte[] SYNC_WRITE = new byte[SYNC_WRITE_BYTES];

    private final Queue<Path> free = new ConcurrentLinkedQueue<>();
    private final Object making = new Object();
    private ScheduledExecutorService writer;
    private Path folder;
    private int made;

    void readWrittenAfter(long millis) throws IOException {
        Path fifo = take();
        boolean clean = false;
        try (RandomAccessFile reader = new RandomAccessFile(fifo.toFile(), "rw")) {
            writer().schedule(() -> writeOneByte(fifo), millis, TimeUnit.MILLISECONDS);
            if (reader.read() < 0) {
                throw new IOException("the FIFO " + fifo + " ended before its byte came");
            }
            clean = true;
        } finally {
            if (clean) {
                free.add(fifo); // a FIFO whose byte was not read is not reused
            }
        }
    }

    void writeDrainedAfter(long millis) throws IOException {
        Path fifo = take();
        boolean clean = false;
        try (RandomAccessFile writer = new RandomAccessFile(fifo.toFile(), "rwd")) {
            writer().schedule(() -> drain(fifo), millis, TimeUnit.MILLISECONDS);
            writer.write(SYNC_WRITE);
            clean = true;
        } finally {
            if (clean) {
                free.add(fifo);
            }
        }
    }

    void close() {
        synchronized (making) {
            if (writer != null) {
                writer.shutdownNow();
            }
            if (folder != null) {
                try (var files = Files.list(folder)) {
                    for (Path file : files.toList()) {
                        Files.deleteIfExists(file);
                    }
                    Files.deleteIfExists(folder);
                } catch (IOException leftBehind) {
                    // a temporary folder of pipes: nothing to lose
                }
            }
        }
    }

    private static void writeOneByte(Path fifo) {
        try (FileOutputStream out = new FileOutputStream(fifo.toFile())) {
            out.write('x');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads what {@link #writeDrainedAfter} writes, all of it, so its write returns and the FIFO is empty again. */
    private static void drain(Path fifo) {
        try (RandomAccessFile in = new RandomAccessFile(fifo.toFile(), "rw")) {
            byte[] chunk = new byte[16 * 1024];
            for (int left = SYNC_WRITE_BYTES; left > 0; ) {
                int read = in.read(chunk, 0, Math.min(chunk.length, left));
                if (read < 0) {
                    throw new IOException("the FIFO " + fifo + " ended with " + left + " bytes unread");
                }
                left -= read;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ScheduledExecutorService writer() {
        synchronized (making) {
            if (writer == null) {
                writer = Executors.newSingleThreadScheduledExecutor(task -> {
                    Thread thread = new Thread(task, "lab-fifo-writer");
                    thread.setDaemon(true);
                    return thread;
                });
            }
            return writer;
        }
    }

    private Path take() throws IOException {
        Path fifo = free.poll();
        while (fifo == null) {
            makeBatch();
            fifo = free.poll();
        }
        return fifo;
    }

    private void makeBatch() throws IOException {
        synchronized (making) {
            if (!free.isEmpty()) {
                return;
            }
            if (folder == null) {
                folder = Files.createTempDirectory("lab-fifos-");
            }
            List<String> command = new ArrayList<>(List.of("mkfifo"));
            List<Path> batch = new ArrayList<>();
            for (int i = 0; i < BATCH; i++) {
                Path fifo = folder.resolve("fifo-" + made++);
                batch.add(fifo);
                command.add(fifo.toString());
            }
            Process mkfifo =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String said = new String(mkfifo.getInputStream().readAllBytes()).strip();
            try {
                if (mkfifo.waitFor() != 0) {
                    throw new IOException("mkfifo failed: " + said);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while making FIFOs", e);
            }
            free.addAll(batch);
        }
    }
}
