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
 * {@code how=file}: the request's thread blocks in a read of a named pipe (FIFO) until one platform thread of the
 * server writes a byte to it, N ms later; so file I/O blocks for a known time. The reader opens its end read-write,
 * which never blocks on Linux, so the wait is in {@code RandomAccessFile.read}, not in {@code open}. FIFOs are made
 * in batches by one {@code mkfifo} call and reused.
 */
final class Fifos {
    private static final int BATCH = 64;

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
