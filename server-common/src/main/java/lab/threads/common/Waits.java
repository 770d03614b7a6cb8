package lab.threads.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import lab.threads.model.wait.WaitKind;

/**
 * Runs one {@link WaitKind} for N ms on the calling thread, each kind in a method of its own so a stack sample or JFR
 * pinned event names it. Monitors and locks are per request: a shared one would serialise the requests.
 */
public final class Waits {
    /** Null when no {@code --downstream} was given: {@code how=socket} and {@code how=http-pool} are then unavailable. */
    private final URI downstream;
    /** Null when no {@code --db} was given, or the variant has no thread per request. */
    private final DatabaseWait database;
    /** The variant with no thread per request runs {@code how=db} without one; null for the others, or no --db. */
    private final DatabaseWithoutThread asyncDatabase;
    /** Null when no {@code --downstream} was given, or the variant has no thread per request. */
    private final HttpPoolWait httpPool;
    /** The variant with no thread per request calls the downstream without one; null for the others. */
    private final AsyncHttpWait asyncHttp;

    private final Fifos fifos = new Fifos();

    /** Waits without pools: {@code how=db} and {@code how=http-pool} are unavailable. */
    public Waits(URI downstream) {
        this(downstream, null, null, null, null);
    }

    private Waits(
            URI downstream,
            DatabaseWait database,
            DatabaseWithoutThread asyncDatabase,
            HttpPoolWait httpPool,
            AsyncHttpWait asyncHttp) {
        this.downstream = downstream;
        this.database = database;
        this.asyncDatabase = asyncDatabase;
        this.httpPool = httpPool;
        this.asyncHttp = asyncHttp;
    }

    /**
     * The waits of a server with these settings: the database pool made now with {@code --db} (connecting in the
     * background), the HTTP client with {@code --downstream}.
     *
     * @param threadPerRequest false for the variant with no thread to block ({@link DatabaseWithoutThread})
     */
    public static Waits of(ServerSettings settings, boolean threadPerRequest) {
        URI downstream = settings.downstream();
        boolean db = settings.db() != null;
        return new Waits(
                downstream,
                db && threadPerRequest
                        ? new DatabaseWait(settings.db(), settings.dbPool(), settings.dbPoolTimeoutMs())
                        : null,
                db && !threadPerRequest ? DatabaseWithoutThread.open(settings) : null,
                downstream == null || !threadPerRequest
                        ? null
                        : new HttpPoolWait(downstream, settings.httpPool(), settings.httpPoolTimeoutMs()),
                downstream == null || threadPerRequest ? null : new AsyncHttpWait(downstream));
    }

    /** Why {@code kind} cannot run on this server, or empty when it can. */
    public Optional<String> unavailable(WaitKind kind) {
        return switch (kind) {
            case SOCKET ->
                downstream == null
                        ? Optional.of("how=socket needs a downstream server that answers /sleep?ms=N: start the server"
                                + " with --downstream=http://127.0.0.1:<port> (e.g. ./lab server async)")
                        : Optional.empty();
            case HTTP_POOL ->
                downstream == null
                        ? Optional.of("how=http-pool needs a downstream server that answers /sleep?ms=N: start the"
                                + " server with --downstream=http://127.0.0.1:<port> (e.g. ./lab server async)")
                        : Optional.empty();
            case DB ->
                database == null && asyncDatabase == null
                        ? Optional.of("how=db needs a PostgreSQL: start the server with"
                                + " --db=jdbc:postgresql://127.0.0.1:<port>/postgres?user=postgres, or use"
                                + " ./lab run --how db, which starts one")
                        : Optional.empty();
            case NATIVE -> NativeSleep.unavailable();
            default -> Optional.empty();
        };
    }

    /** Runs the job's wait on the calling thread, stamping the borrow of a pooled one into the job. */
    public void await(SleepJob job) throws InterruptedException, IOException {
        switch (job.how()) {
            case DB -> database().await(job.millis(), job);
            case HTTP_POOL -> httpPool().await(job.millis(), job);
            default -> await(job.how(), job.millis());
        }
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
            case DB -> database().await(millis, PoolStamps.NONE);
            case HTTP_POOL -> httpPool().await(millis, PoolStamps.NONE);
        }
    }

    /**
     * The job's wait with no thread blocked: {@code how=http-pool} through {@code sendAsync}, {@code how=db} through
     * {@link DatabaseWithoutThread}; empty for any other kind.
     */
    public Optional<CompletableFuture<Void>> awaitWithoutThread(SleepJob job) {
        if (!waitsWithoutThread(job.how())) {
            return Optional.empty();
        }
        return Optional.of(
                job.how() == WaitKind.DB ? asyncDatabase.await(job.millis(), job) : asyncHttp.await(job.millis(), job));
    }

    /** What the thread (or, without one, the request) waits in for {@code kind}, for the answer's {@code waitedIn}. */
    public String description(WaitKind kind) {
        if (waitsWithoutThread(kind)) {
            return kind == WaitKind.DB ? asyncDatabase.description() : AsyncHttpWait.DESCRIPTION;
        }
        return kind.description();
    }

    /** Whether {@link #awaitWithoutThread} runs this kind. */
    public boolean waitsWithoutThread(WaitKind kind) {
        return switch (kind) {
            case HTTP_POOL -> asyncHttp != null;
            case DB -> asyncDatabase != null;
            default -> false;
        };
    }

    /** Each pool's own view, by its name ({@code db}, {@code httpPool}), for /stats; empty without pools. */
    public Map<String, Object> poolStats() {
        Map<String, Object> pools = new LinkedHashMap<>();
        if (database != null) {
            pools.put("db", database.stats());
        }
        if (asyncDatabase != null) {
            pools.put("db", asyncDatabase.stats());
        }
        if (httpPool != null) {
            pools.put("httpPool", httpPool.stats());
        }
        return pools;
    }

    /** Each pool's settings as its library holds them, by the same names, for /stats' settings. */
    public Map<String, Object> poolSettings() {
        Map<String, Object> pools = new LinkedHashMap<>();
        if (database != null) {
            pools.put("db", database.settings());
        }
        if (asyncDatabase != null) {
            pools.put("db", asyncDatabase.settings());
        }
        if (httpPool != null) {
            pools.put("httpPool", httpPool.settings());
        }
        if (asyncHttp != null) {
            pools.put("httpPool", Map.of("library", "JDK HttpClient sendAsync", "maxTotal", "unlimited"));
        }
        return pools;
    }

    /**
     * The server began to stop: a request queued for a pooled database connection is answered 503 {@code
     * server_stopping} at once; those in flight run on.
     */
    public void stopBorrowing() {
        if (database != null) {
            database.stopBorrowing();
        }
        if (asyncDatabase != null) {
            asyncDatabase.stopBorrowing();
        }
    }

    /** Called once the server has stopped: the FIFOs' writer thread and folder go, and the pools close. */
    public void close() {
        fifos.close();
        if (database != null) {
            database.close();
        }
        if (asyncDatabase != null) {
            asyncDatabase.close();
        }
        if (httpPool != null) {
            httpPool.close();
        }
        if (asyncHttp != null) {
            asyncHttp.close();
        }
    }

    private DatabaseWait database() throws IOException {
        if (database == null) {
            throw new IOException(unavailable(WaitKind.DB).orElseThrow());
        }
        return database;
    }

    private HttpPoolWait httpPool() throws IOException {
        if (httpPool == null) {
            throw new IOException(unavailable(WaitKind.HTTP_POOL).orElse("how=http-pool has no blocking client here"));
        }
        return httpPool;
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
