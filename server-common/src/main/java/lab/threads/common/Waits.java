package lab.threads.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs one {@link WaitKind} for N ms on the calling thread. Each kind has a method of its own, so a stack sample or a
 * JFR pinned event names the kind. Monitors and locks are per request: a shared one would serialise the requests
 * whatever the thread, and hide what the thread does while it waits.
 */
public final class Waits {
    /** Null when no {@code --downstream} was given: {@code how=socket} is then unavailable. */
    private final URI downstream;

    private final Fifos fifos = new Fifos();

    public Waits(URI downstream) {
        this.downstream = downstream;
    }

    /** Why {@code kind} cannot run on this server, or empty when it can. */
    public Optional<String> unavailable(WaitKind kind) {
        return switch (kind) {
            case SOCKET ->
                downstream == null
                        ? Optional.of("how=socket needs a downstream server that answers /sleep?ms=N: start the server"
                                + " with --downstream=http://127.0.0.1:<port> (e.g. ./lab server async)")
                        : Optional.empty();
            case NATIVE -> NativeSleep.unavailable();
            default -> Optional.empty();
        };
    }

    /** Blocks the calling thread for {@code millis} the way {@code kind} says. */
    public void await(WaitKind kind, long millis) throws InterruptedException, IOException {
        switch (kind) {
            case SLEEP -> Thread.sleep(millis);
            case MONITOR -> sleepInMonitor(millis);
            case OBJECT_WAIT -> waitInMonitor(millis);
            case LOCK -> awaitCondition(millis);
            case FILE -> fifos.readWrittenAfter(millis);
            case FILE_SYNC -> fifos.writeDrainedAfter(millis);
            case SOCKET -> readDownstream(millis);
            case NATIVE -> NativeSleep.usleep(millis);
            case PROCESS -> waitForChild(millis);
        }
    }

    /** Called once the server has stopped: the FIFOs' writer thread and folder go. */
    public void close() {
        fifos.close();
    }

    private static void sleepInMonitor(long millis) throws InterruptedException {
        Object monitor = new Object();
        synchronized (monitor) {
            Thread.sleep(millis);
        }
    }

    private static void waitInMonitor(long millis) throws InterruptedException {
        Object monitor = new Object();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        synchronized (monitor) {
            for (long left = millis; left > 0; left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())) {
                monitor.wait(left); // nobody notifies: a spurious wake-up waits out the rest
            }
        }
    }

    private static void awaitCondition(long millis) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition never = lock.newCondition();
        lock.lock();
        try {
            for (long left = TimeUnit.MILLISECONDS.toNanos(millis); left > 0; ) {
                left = never.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    /** One HTTP/1.1 request on a connection of its own; the downstream answers after N ms and closes it. */
    private void readDownstream(long millis) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(downstream.getHost(), downstream.getPort()), 5_000);
            OutputStream out = socket.getOutputStream();
            out.write(String.format(
                            Locale.ROOT,
                            "GET /sleep?ms=%d HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n",
                            millis,
                            downstream.getHost(),
                            downstream.getPort())
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] answer = in.readAllBytes();
            String statusLine = new String(answer, 0, Math.min(answer.length, 12), StandardCharsets.US_ASCII);
            if (!statusLine.startsWith("HTTP/1.1 200")) {
                throw new IOException("the downstream " + downstream + " answered '" + statusLine + "', not 200");
            }
        }
    }

    private static void waitForChild(long millis) throws IOException, InterruptedException {
        Process child = new ProcessBuilder("sleep", String.format(Locale.ROOT, "%.3f", millis / 1000.0))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        int exit = child.waitFor();
        if (exit != 0) {
            throw new IOException("the child 'sleep' exited with " + exit);
        }
    }
}
