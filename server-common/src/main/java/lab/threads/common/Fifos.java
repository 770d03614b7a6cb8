package lab.threads.common;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * File I/O that blocks for a known time, on named pipes (FIFOs, made in batches by one {@code mkfifo} and reused) and
 * one platform thread that ends each wait N ms later; the request's end opens read-write, which never blocks, so the
 * wait is in the read or write.
 * <ul>
 *   <li>{@code how=file}: a plain read until the server's thread writes a byte. JDK 21 compensated with a carrier;
 *       JDK 23 dropped that for buffered file I/O (JDK-8329593), so it holds its carrier.
 *   <li>{@code how=file-sync}: an {@code O_DSYNC} write ("rwd") of 128 KiB, twice a pipe's capacity, blocking until
 *       the server's thread drains it. JDK 25 still compensates ({@code Blocker.begin(sync)} for "rws"/"rwd").
 * </ul>
 */
final class Fifos {
    private static final int BATCH = 64;

    /** Twice Linux's default pipe capacity (16 pages): a write of it blocks until the other end reads. */
    static final int SYNC_WRITE_BYTES = 2 * 64 * 1024;

    private static final byte[] SYNC_WRITE = new byte[SYNC_WRITE_BYTES];

    private final Queue<Path> free = new ConcurrentLinkedQueue<>();
    private final Object making = new Object();
    private Ender writer;
    private Path folder;
    private int made;

    void readWrittenAfter(long millis) throws IOException {
        Path fifo = take();
        boolean clean = false;
        try (RandomAccessFile reader = new RandomAccessFile(fifo.toFile(), "rw")) {
            writer().after(millis, () -> writeOneByte(fifo));
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
            writer().after(millis, () -> drain(fifo));
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
                writer.stop();
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

    private Ender writer() {
        synchronized (making) {
            if (writer == null) {
                writer = new Ender();
            }
            return writer;
        }
    }

    /**
     * The server's one platform thread that ends each wait when due. Requests hand it their job through a lock-free
     * queue and an unpark, never a lock: a {@code java.util.concurrent} lock shared with virtual threads can be handed
     * to one waiting for a carrier while every carrier is held in a read only this thread ends (WaitsTest deadlocked
     * so).
     */
    private static final class Ender implements Runnable {
        private record Due(long atNanos, Runnable job) {}

        private final Queue<Due> handed = new ConcurrentLinkedQueue<>();
        private final Thread thread;
        private volatile boolean stopped;

        Ender() {
            thread = Thread.ofPlatform().daemon().name("lab-fifo-writer").start(this);
        }

        void after(long millis, Runnable job) {
            handed.add(new Due(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis), job));
            LockSupport.unpark(thread);
        }

        void stop() {
            stopped = true;
            LockSupport.unpark(thread);
        }

        @Override
        public void run() {
            PriorityQueue<Due> waiting = new PriorityQueue<>(Comparator.comparingLong(Due::atNanos));
            while (!stopped) {
                for (Due due = handed.poll(); due != null; due = handed.poll()) {
                    waiting.add(due);
                }
                while (!waiting.isEmpty() && waiting.peek().atNanos() - System.nanoTime() <= 0) {
                    try {
                        waiting.poll().job().run();
                    } catch (RuntimeException failed) {
                        // that request's wait is lost; the others still end
                    }
                }
                if (waiting.isEmpty()) {
                    LockSupport.park(this); // an unpark between the poll and here makes it return at once
                } else {
                    LockSupport.parkNanos(this, waiting.peek().atNanos() - System.nanoTime());
                }
            }
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
