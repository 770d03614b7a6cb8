package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import lab.threads.model.wait.WaitKind;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.MethodOrdererContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one contract every server keeps. Each server module extends this class, says how to start its server and
 * what its threading model must look like; every other assertion is shared.
 *
 * <p>Most tests wait on sleeps, so they run at once (server-common's test resources, junit-platform.properties, turn
 * JUnit's parallel mode on; classes still run one after another). Each test names in what mode it uses the two things
 * they share, {@link #SERVER} and {@link #FILES}: READ to share them, READ_WRITE to have them alone (it counts them
 * exactly, or loads the server fully); both READ_WRITE to run alone, for a bound of tens of milliseconds (beside the
 * others, a Tomcat acceptor stamped 100 ms late on a busy 2-core machine). A test that names neither is refused before any runs, since it would run
 * beside the exact counts. The tests that share come first, so that they run together rather than between the others.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(ContractSuite.SharedFirst.class)
public abstract class ContractSuite {

    /** How far past stop()'s limit a request cut off sleeps: the time a server may take to close it on a busy machine. */
    static final long CUT_OFF_MARGIN_MS = 20_000;

    /** The suite's running server: its counters (completed, inFlight, the timing histogram) and its threads. */
    protected static final String SERVER = "ContractSuite.server";
    /** This JVM's open files: every server of the suite runs in it, and every connection of a test ends in it. */
    protected static final String FILES = "ContractSuite.files";

    static final long DEFAULT_SLEEP_MS = 200;
    static final long MAX_SLEEP_MS = 1500;

    private LabServer server;
    private SleepContract contract;
    private TestHttp http;

    protected abstract Variant variant();

    protected abstract LabServer start(SleepContract contract);

    /**
     * Checks who served two waves of concurrent sleeps, the second sent after the first was answered.
     *
     * @param firstWave  the /sleep bodies of the first wave
     * @param secondWave the /sleep bodies of the second wave
     */
    protected abstract void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave);

    /**
     * The framework's own load settings, read from the framework (a fresh configuration, a bare server), not restated.
     * One variant per framework gives them and runs the {@code --settings stock} checks; null (the default) skips them.
     */
    protected LoadSettings frameworkDefaults() throws Exception {
        return null;
    }

    /**
     * The bad-input cases (by their name in {@link #badRequests()}) that this framework answers with a status of its
     * own, before the contract sees the request. Each is named in docs/servers.md with the framework's reason; empty
     * (the default) is every case answered as the lab's other servers answer it.
     */
    protected java.util.Map<String, Integer> frameworksOwnAnswers() {
        return java.util.Map.of();
    }

    /**
     * How long the framework's own stop waits for its threads to end after it has closed the connections (Jetty's
     * QueuedThreadPool joins its threads for up to 5 s): a request cut off then still sleeps, unanswered, meanwhile.
     */
    protected long frameworkStopJoinMs() {
        return 0;
    }

    private SleepContract newContract() {
        return newContract(MAX_SLEEP_MS);
    }

    /** @param more flags of the server's own, after the suite's */
    private SleepContract newContract(long maxSleepMs, String... more) {
        List<String> flags = new ArrayList<>(List.of(
                "--port=0",
                "--sleep-ms=" + DEFAULT_SLEEP_MS,
                "--max-sleep-ms=" + maxSleepMs,
                "--shutdown-grace-ms=10000"));
        flags.addAll(List.of(more));
        return new SleepContract(variant(), ServerSettings.parse(variant(), flags.toArray(String[]::new)));
    }

    @BeforeAll
    void startServer() {
        everyTestNamesWhatItShares();
        contract = newContract();
        server = start(contract);
        http = new TestHttp(server.port());
    }

    /** The tests that share {@link #SERVER} and {@link #FILES} first (at once), then those that need one alone. */
    static final class SharedFirst implements MethodOrderer {
        @Override
        public void orderMethods(MethodOrdererContext context) {
            context.getMethodDescriptors()
                    .sort(java.util.Comparator.comparing(method -> java.util.Arrays.stream(
                                    method.getMethod().getAnnotationsByType(ResourceLock.class))
                            .anyMatch(lock -> lock.mode() == ResourceAccessMode.READ_WRITE)));
        }
    }

    /** Every test of the suite and of its server module names its mode of {@link #SERVER} and of {@link #FILES}. */
    private void everyTestNamesWhatItShares() {
        List<String> unnamed = new ArrayList<>();
        for (Class<?> type = getClass(); type != Object.class; type = type.getSuperclass()) {
            for (java.lang.reflect.Method method : type.getDeclaredMethods()) {
                boolean test =
                        method.isAnnotationPresent(Test.class) || method.isAnnotationPresent(ParameterizedTest.class);
                java.util.Set<String> named = java.util.Arrays.stream(method.getAnnotationsByType(ResourceLock.class))
                        .map(ResourceLock::value)
                        .collect(java.util.stream.Collectors.toSet());
                if (test && !named.containsAll(List.of(SERVER, FILES))) {
                    unnamed.add(type.getSimpleName() + "." + method.getName());
                }
            }
        }
        assertTrue(
                unnamed.isEmpty(),
                "these tests run beside the others: give each a @ResourceLock of ContractSuite.SERVER and of"
                        + " ContractSuite.FILES, READ_WRITE where it counts them exactly or loads the server: "
                        + unnamed);
    }

    /** Checks that every request of both waves slept on a virtual thread, or on none. */
    protected static void assertVirtualThreads(boolean virtual, List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertTrue(
                Stream.concat(firstWave.stream(), secondWave.stream())
                        .allMatch(body -> body.get("virtualThread").asBoolean() == virtual),
                virtual ? "every request on a virtual thread" : "platform threads only");
    }

    /** Thread per request: platform threads, a brand-new one for each request, none reused across the waves. */
    protected static void assertNewPlatformThreadPerRequest(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(false, firstWave, secondWave);
        List<JsonNode> all =
                Stream.concat(firstWave.stream(), secondWave.stream()).toList();
        assertEquals(all.size(), threadNames(all).size(), "a brand-new thread per request, none reused across waves");
    }

    /** A cached pool: platform threads, and the second wave ran on the first wave's idle ones. */
    protected static void assertPooledPlatformThreads(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(false, firstWave, secondWave);
        java.util.Set<String> firstThreads = threadNames(firstWave);
        java.util.Set<String> secondThreads = threadNames(secondWave);
        assertTrue(
                firstThreads.containsAll(secondThreads),
                "the second wave reused the first wave's idle threads: " + firstThreads + " then " + secondThreads);
    }

    private static java.util.Set<String> threadNames(List<JsonNode> wave) {
        return wave.stream().map(body -> body.get("threadName").asText()).collect(java.util.stream.Collectors.toSet());
    }

    /** A client of the suite's running server, for a variant's own checks. */
    protected TestHttp http() {
        return http;
    }

    @AfterAll
    void stopServer() {
        server.stop();
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void sleepWithoutMsSleepsTheDefaultAndDescribesItsThread() {
        long started = System.nanoTime();
        TestHttp.Answer answer = http.get("/sleep");
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        assertEquals(200, answer.status());
        assertTrue(
                answer.raw().headers().firstValue("Content-Type").orElseThrow().startsWith("application/json"));
        JsonNode body = answer.json();
        assertEquals(variant().id(), body.get("variant").asText());
        assertEquals(variant().threadingModel(), body.get("threadingModel").asText());
        assertTrue(body.get("virtualThread").isBoolean());
        assertFalse(body.get("threadName").asText().isBlank());
        assertEquals(DEFAULT_SLEEP_MS, body.get("sleptMs").asLong());
        assertTrue(tookMs >= DEFAULT_SLEEP_MS, "answered after " + tookMs + " ms, before the sleep ended");
    }

    @Test
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void howNamesTheWaitAndTheAnswerSaysHow() {
        TestHttp.Answer lock = http.get("/sleep?ms=20&how=lock");
        if (variant() == Variant.ASYNC) {
            assertEquals(501, lock.status(), "no thread to block: only how=sleep");
            assertEquals("no_thread_to_block", lock.json().get("error").asText());
        } else {
            assertEquals(200, lock.status(), lock.raw().body());
            assertEquals("lock", lock.json().get("how").asText());
            assertEquals(
                    WaitKind.LOCK.description(), lock.json().get("waitedIn").asText());
        }
        assertEquals(
                "sleep", http.get("/sleep?ms=1&how=sleep").json().get("how").asText());
        assertFalse(
                http.get("/sleep?ms=1").json().has("how"), "a request naming no wait gets the answer it always got");
        TestHttp.Answer bad = http.get("/sleep?ms=1&how=spin");
        assertEquals(400, bad.status());
        assertEquals("how", bad.json().get("parameter").asText());
        TestHttp.Answer noDownstream = http.get("/sleep?ms=1&how=socket");
        assertEquals(501, noDownstream.status(), "the suite's servers have no --downstream");
        assertTrue(noDownstream.json().get("message").asText().contains("--downstream"));
        TestHttp.Answer noPool = http.get("/sleep?ms=1&how=http-pool");
        assertEquals(501, noPool.status(), "the suite's servers have no --downstream");
        assertEquals("wait_unavailable", noPool.json().get("error").asText());
        assertTrue(noPool.json().get("message").asText().contains("--downstream"));
        TestHttp.Answer noDatabase = http.get("/sleep?ms=1&how=db");
        assertEquals(501, noDatabase.status(), "the suite's servers have no --db");
        assertEquals("wait_unavailable", noDatabase.json().get("error").asText());
        assertTrue(noDatabase.json().get("message").asText().contains("--db"));
        assertTrue(noDatabase.json().get("message").asText().contains("./lab run --how db"));
    }

    /**
     * how=db and how=http-pool against a real PostgreSQL (one per test JVM) and a real downstream (the suite's own
     * server), on the variant's own request thread like every other wait; the request log splits each at the pool
     * (borrowing, borrowed, called) and leaves those columns empty for a wait without a pool. The variant with no
     * thread to block waits for both without one: the database through r2dbc's pool, stamped alike, the downstream
     * through the JDK HttpClient, which has no pool and stamps no borrow.
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void pooledWaitsRunOnTheRequestsThreadAndTheLogSplitsTheBorrow(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("requests.csv");
        SleepContract pooled = newContract(
                MAX_SLEEP_MS,
                "--db=" + SharedDatabase.jdbcUrl(),
                "--downstream=http://127.0.0.1:" + server.port(),
                "--request-log=" + file);
        boolean async = variant() == Variant.ASYNC;
        LabServer pooledServer = start(pooled);
        JsonNode stats;
        try {
            TestHttp client = new TestHttp(pooledServer.port());
            JsonNode plain = client.get("/sleep?ms=1&rid=plain").json();
            TestHttp.Answer db = client.get("/sleep?ms=100&how=db&rid=db");
            TestHttp.Answer httpPool = client.get("/sleep?ms=100&how=http-pool&rid=http");
            assertEquals(200, db.status(), db.raw().body());
            assertEquals("db", db.json().get("how").asText());
            assertEquals(100, db.json().get("sleptMs").asLong());
            assertEquals(plain.get("virtualThread"), db.json().get("virtualThread"), "the variant's own thread");
            assertTrue(
                    db.json().get("waitedIn").asText().contains(async ? "r2dbc" : "HikariCP"),
                    db.raw().body());
            assertEquals(200, httpPool.status(), httpPool.raw().body());
            assertEquals("http-pool", httpPool.json().get("how").asText());
            assertEquals(100, httpPool.json().get("sleptMs").asLong());
            assertTrue(
                    httpPool.json().get("waitedIn").asText().contains(async ? "sendAsync" : "HttpClient 5"),
                    httpPool.raw().body());
            if (!async) {
                assertEquals(plain.get("virtualThread"), httpPool.json().get("virtualThread"));
            }
            TestHttp.Answer badMs = client.get("/sleep?ms=abc&how=db");
            assertEquals(400, badMs.status(), badMs.raw().body());
            assertEquals("ms", badMs.json().get("parameter").asText());

            stats = client.get("/stats").json();
        } finally {
            pooledServer.stop();
            pooled.close();
        }
        JsonNode dbPool = stats.get("pools").get("db");
        for (String field : List.of("active", "idle", "total", "threadsAwaitingConnection", "max")) {
            assertTrue(dbPool.get(field).isInt(), "HikariCP's own view: " + stats.get("pools"));
        }
        assertEquals(10, dbPool.get("max").asInt(), "HikariCP's shipped maximumPoolSize: " + dbPool);
        assertEquals(0, dbPool.get("active").asInt(), "the connection went back: " + dbPool);
        JsonNode settings = stats.get("settings");
        assertEquals(10, settings.get("dbPool").asInt());
        assertEquals(30_000, settings.get("dbPoolTimeoutMs").asLong());
        assertEquals(5, settings.get("httpPool").asInt());
        assertEquals(180_000, settings.get("httpPoolTimeoutMs").asLong());
        assertEquals(
                30_000,
                settings.get("pools")
                        .get("db")
                        .get(async ? "maxAcquireTimeMs" : "connectionTimeoutMs")
                        .asLong(),
                settings.get("pools").toString());
        if (async) {
            assertFalse(stats.get("pools").has("httpPool"), "the JDK HttpClient has no pool to report");
            assertEquals(
                    "unlimited",
                    settings.get("pools").get("httpPool").get("maxTotal").asText());
        } else {
            JsonNode httpPool = stats.get("pools").get("httpPool");
            assertEquals(5, httpPool.get("max").asInt(), "HttpClient 5's shipped connections per route: " + httpPool);
            assertEquals(0, httpPool.get("leased").asInt(), "the connection went back: " + httpPool);
            assertEquals(
                    5, settings.get("pools").get("httpPool").get("maxTotal").asInt(), "one route: total = route");
        }
        assertEquals(
                1,
                stats.get("errorsByCause").get("bad_request").asLong(),
                stats.get("errorsByCause").toString());

        List<String> lines = java.nio.file.Files.readAllLines(file);
        assertEquals(RequestLog.HEADER, lines.getFirst());
        java.util.Map<String, String[]> byId = new java.util.HashMap<>();
        lines.stream().skip(1).map(line -> line.split(",", -1)).forEach(fields -> byId.put(fields[0], fields));
        assertEquals(9, byId.get("plain").length, lines.toString());
        assertEquals(List.of("", "", ""), List.of(byId.get("plain")).subList(6, 9), "no pool, no split: " + lines);
        for (String id : List.of("db", "http")) {
            String[] fields = byId.get(id);
            long started = Long.parseLong(fields[3]);
            long responded = Long.parseLong(fields[4]);
            long called = Long.parseLong(fields[8]);
            assertTrue(started <= called && called <= responded, id + ": " + String.join(",", fields));
            if (async && id.equals("http")) {
                assertEquals(List.of("", ""), List.of(fields).subList(6, 8), "the JDK client has no borrow: " + lines);
                continue;
            }
            long borrowing = Long.parseLong(fields[6]);
            long borrowed = Long.parseLong(fields[7]);
            assertTrue(started <= borrowing && borrowing <= borrowed, id + ": " + String.join(",", fields));
            assertTrue(called - borrowed >= 100_000, id + ": the 100 ms wait lies after the borrow: " + lines);
        }
    }

    /**
     * A pool of one connection with a short timeout (HikariCP's floor, 250 ms) and three requests of 300 ms at once:
     * at least one waits out the timeout and answers 503 with its cause, counted by cause in /stats. The JDK HttpClient
     * of the variant with no thread to block has no pool: its three all answer; its database pool times out alike.
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void aPoolThatStaysBusyPastItsTimeoutAnswers503WithItsCause() {
        onAServerOfItsOwn(
                client -> {
                    List<Integer> http = statuses(client.concurrently(3, "/sleep?ms=300&how=http-pool"));
                    if (variant() == Variant.ASYNC) {
                        assertEquals(List.of(200, 200, 200), http, "no pool to wait for");
                    } else {
                        assertPoolTimedOut(http, client.get("/stats").json().get("errorsByCause"), "http_pool_timeout");
                    }
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                    while (client.get("/stats").json().at("/pools/db/idle").asInt() < 1
                            && System.nanoTime() < deadline) {
                        java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
                    } // the pool's one connection is opened in the background at start
                    List<Integer> db = statuses(client.concurrently(3, "/sleep?ms=300&how=db"));
                    assertPoolTimedOut(db, client.get("/stats").json().get("errorsByCause"), "db_pool_timeout");
                },
                "--db=" + SharedDatabase.jdbcUrl(),
                "--db-pool=1",
                "--db-pool-timeout-ms=250",
                "--downstream=http://127.0.0.1:" + server.port(),
                "--http-pool=1",
                "--http-pool-timeout-ms=250");
    }

    private static List<Integer> statuses(List<TestHttp.Answer> answers) {
        return answers.stream().map(TestHttp.Answer::status).toList();
    }

    private static void assertPoolTimedOut(List<Integer> statuses, JsonNode errorsByCause, String cause) {
        long timedOut = statuses.stream().filter(status -> status == 503).count();
        assertTrue(timedOut >= 1, cause + ": one connection, three requests of 300 ms, 250 ms to wait: " + statuses);
        assertEquals(
                3 - timedOut,
                statuses.stream().filter(status -> status == 200).count(),
                "the others answered: " + statuses);
        assertEquals(timedOut, errorsByCause.path(cause).asLong(), "counted by cause: " + errorsByCause);
    }

    /** A database and a downstream that are down (closed ports): the server starts, and each wait says which. */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void aDatabaseOrDownstreamThatIsDownIsNamedByItsCause() {
        onAServerOfItsOwn(
                client -> {
                    assertEquals(200, client.get("/health").status(), "a server starts with its database down");
                    TestHttp.Answer db = client.get("/sleep?ms=10&how=db");
                    TestHttp.Answer downstream = client.get("/sleep?ms=10&how=http-pool");
                    assertEquals(502, downstream.status(), downstream.raw().body());
                    assertEquals(
                            "downstream_unavailable",
                            downstream.json().get("error").asText());
                    JsonNode errors = client.get("/stats").json().get("errorsByCause");
                    assertEquals(1, errors.path("downstream_unavailable").asLong(), errors.toString());
                    assertEquals(503, db.status(), db.raw().body());
                    assertEquals("db_unavailable", db.json().get("error").asText());
                    assertEquals(1, errors.path("db_unavailable").asLong(), errors.toString());
                },
                "--db=" + SharedDatabase.downUrl(),
                // HikariCP's floor: it names a refusing database only when its timeout ends. A first connect slower
                // than that (r2dbc's on a fresh JVM, a busy machine) is the database's too: no connection was open.
                "--db-pool-timeout-ms=250",
                "--downstream=http://127.0.0.1:" + SharedDatabase.closedPort());
    }

    /** Starts a server of the variant with the suite's flags and {@code flags}, runs {@code test} on it, stops it. */
    private void onAServerOfItsOwn(java.util.function.Consumer<TestHttp> test, String... flags) {
        SleepContract own = newContract(MAX_SLEEP_MS, flags);
        LabServer started = start(own);
        try {
            test.accept(new TestHttp(started.port()));
        } finally {
            started.stop();
            own.close();
        }
    }

    @ParameterizedTest
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    @ValueSource(longs = {0, 1, 50, MAX_SLEEP_MS})
    void sleepWithMsSleepsThatLong(long ms) {
        TestHttp.Answer answer = http.get("/sleep?ms=" + ms);
        assertEquals(200, answer.status());
        assertEquals(ms, answer.json().get("sleptMs").asLong());
    }

    @ParameterizedTest(name = "/sleep?{0}")
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    @CsvSource(
            delimiter = '|',
            value = {
                "ms=-1",
                "ms=abc",
                "ms=1501",
                "ms=",
                "ms",
                "ms=1.5",
                "ms=%2B%2B1",
                "ms=99999999999999999999",
                "ms=10&ms=20",
                "ms=10&ms=abc"
            })
    void badMsIsRefusedWithTheValidRange(String query) {
        TestHttp.Answer answer = http.get("/sleep?" + query);
        assertEquals(400, answer.status(), answer.raw().body());
        JsonNode body = answer.json();
        assertEquals(400, body.get("status").asInt());
        assertEquals("ms", body.get("parameter").asText());
        assertEquals(0, body.get("min").asLong());
        assertEquals(MAX_SLEEP_MS, body.get("max").asLong());
        assertTrue(
                body.get("message").asText().contains("0 to " + MAX_SLEEP_MS),
                body.get("message").asText());
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void healthAnswersAtOnceWithoutTheBlockingExecutor() {
        TestHttp.Answer answer = http.get("/health");
        assertEquals(200, answer.status());
        assertEquals("UP", answer.json().get("status").asText());
        assertEquals(variant().id(), answer.json().get("variant").asText());
    }

    /**
     * /health answers while 20 sleeps are in flight, as the server itself counts them before and after it. Each sleep
     * waits on a downstream that answers only once /health has (how=socket), so the sleeps stay in flight however slow
     * the machine, and no fixed time decides: sleeps of 1.5 s had to be seen in flight between two polls of /stats, and
     * /health to answer within 1.5 s, beside javac and Chromium. The async variant has no thread to block (how=sleep
     * only): its sleeps end on its timer, after 3 s, the length of the shared tests' longest.
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void healthAnswersWhileSleepsAreInFlight() throws Exception {
        try (HeldDownstream downstream = new HeldDownstream()) {
            LabServer held = start(newContract(MAX_SLEEP_MS, "--downstream=" + downstream.uri()));
            try {
                TestHttp client = new TestHttp(held.port());
                List<CompletableFuture<TestHttp.Answer>> sleeping = java.util.stream.IntStream.range(0, 20)
                        .mapToObj(i -> client.getAsync(heldSleep()))
                        .toList();
                awaitInFlight(client, 20);

                assertEquals(200, client.get("/health").status());
                assertEquals(
                        20,
                        client.get("/stats").json().get("inFlight").asLong(),
                        "/health answered while the 20 sleeps were in flight");
                downstream.release();
                sleeping.forEach(answer -> assertEquals(200, answer.join().status()));
            } finally {
                downstream.release(); // before the stop, which would wait its grace for the sleeps held
                held.stop();
            }
        }
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ_WRITE)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ_WRITE)
    void openFilesCountTheConnectionsHeld() throws Exception {
        // Alone on the server and from a settled count: a concurrent test closing its 500 connections meanwhile made
        // the count fall (CI, server-jdk-pool: 1041 before, 1059 after 20 more).
        http.awaitStat("inFlight", inFlight -> inFlight == 0, 10_000);
        long before = settledOpenFiles();
        Set<String> socketsBefore = openSockets();
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                held.add(new Socket(InetAddress.getLoopbackAddress(), server.port()));
            }
            // Earlier tests' idle connections may close meanwhile: each one gone (by inode) before /stats is read is a
            // file fewer in its count, not one the count missed.
            Set<String> closedMeanwhile = new HashSet<>(socketsBefore);
            closedMeanwhile.removeAll(openSockets());
            JsonNode stats = http.get("/stats").json();

            // The suite's server runs in this JVM, so the 20 client ends alone add 20; its accepted ends add more.
            assertTrue(
                    stats.get("openFiles").asLong() >= before + 20 - closedMeanwhile.size(),
                    () -> before + " before, " + closedMeanwhile.size() + " closed meanwhile, then " + stats);
            assertTrue(
                    stats.get("maxOpenFiles").asLong() >= stats.get("openFiles").asLong(), stats::toString);
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    /**
     * A client that gives up (JMeter at its response timeout) closes its end; the server mostly notices only when the
     * handler's sleep ends (it reads nothing while a request is handled; Undertow noticed some closes earlier here), so
     * its end waits in CLOSE_WAIT holding a descriptor. Once the sleeps have ended every such end must be closed: a
     * server that kept them would run out of descriptors under a long overload.
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ_WRITE)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ_WRITE)
    void aConnectionWhoseClientLeftIsClosedOnceItsSleepEnds() throws Exception {
        // Other tests' sleeps (and their connections) end first.
        http.awaitStat("inFlight", inFlight -> inFlight == 0, 10_000);
        Set<String> before = openSockets();
        int left = 10;
        List<Socket> clients = new ArrayList<>();
        for (int i = 0; i < left; i++) {
            Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
            socket.getOutputStream()
                    .write(("GET /sleep?ms=" + MAX_SLEEP_MS + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            clients.add(socket);
        }
        // The client gives up once the server has the requests, as JMeter does at its response timeout.
        long held = http.awaitStat("inFlight", inFlight -> inFlight >= left, 5_000);
        // This test's sockets by their inodes, both ends (client and server share this JVM): a count of the JVM's
        // files would also see earlier tests' idle connections close meanwhile (CI, a busy machine: 153 before, 161
        // during, 20 opened).
        Set<String> ours = openSockets();
        ours.removeAll(before);
        for (Socket client : clients) {
            client.close();
        }
        assertTrue(held >= left, () -> "the server has the " + left + " requests: " + held);
        assertTrue(ours.size() >= left, () -> "at least the client's ends while the requests run: " + ours);

        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MAX_SLEEP_MS + 5_000);
        while (!stillOpen(ours).isEmpty() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        Set<String> stillOpen = stillOpen(ours);
        assertTrue(
                stillOpen.isEmpty(),
                () -> "every end closed once the sleeps ended: " + ours.size() + " opened, still open " + stillOpen);
    }

    /** Those of {@code sockets} this JVM still holds. */
    private static Set<String> stillOpen(Set<String> sockets) throws IOException {
        Set<String> open = openSockets();
        open.retainAll(sockets);
        return open;
    }

    /**
     * The sockets this JVM holds now, by inode ({@code socket:[n]} from {@code /proc/self/fd}): a socket's inode is
     * not reused while it is open, so a set taken before and one taken later tell which sockets were opened between.
     */
    private static Set<String> openSockets() throws IOException {
        Set<String> sockets = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:")) {
                        sockets.add(target);
                    }
                } catch (IOException closedMeanwhile) {
                    // closed between the listing and the read: not open now
                }
            }
        }
        return sockets;
    }

    /**
     * This JVM's open files once the count has held still for 300 ms (at most 5 s): the ends of earlier tests'
     * connections close a little after their requests end (Tomcat's and Jetty's pollers, Undertow's I/O threads), and
     * each would otherwise be taken for one of this test's.
     */
    private long settledOpenFiles() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        long last = http.get("/stats").json().get("openFiles").asLong();
        int still = 0;
        while (still < 6 && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
            long now = http.get("/stats").json().get("openFiles").asLong();
            still = now == last ? still + 1 : 0;
            last = now;
        }
        return last;
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ_WRITE)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void statsReportRequestsProcessAndSettings() throws Exception {
        long before = http.get("/stats").json().get("completed").asLong();
        http.get("/sleep?ms=1");
        JsonNode stats = http.get("/stats").json();

        assertEquals(before + 1, stats.get("completed").asLong());
        assertEquals(variant().id(), stats.get("variant").asText());
        for (String field : List.of(
                "uptimeMs",
                "inFlight",
                "failed",
                "peakInFlight",
                "virtualThreadsStarted",
                "platformThreads",
                "peakPlatformThreads",
                "heapUsedBytes",
                "heapCommittedBytes",
                "processCpuMs",
                "jdk")) {
            assertTrue(stats.has(field), "missing " + field + " in " + stats);
        }
        for (String field : List.of(
                "osThreads",
                "rssBytes",
                "peakRssBytes",
                "cpuUserMs",
                "cpuSystemMs",
                "voluntaryContextSwitches",
                "involuntaryContextSwitches",
                "openFiles",
                "maxOpenFiles")) {
            assertTrue(stats.path(field).asLong() > 0, "Linux figure " + field + " missing or zero in " + stats);
        }
        JsonNode settings = stats.get("settings");
        assertEquals(0, settings.get("port").asInt(), "the port asked for; the ready line names the one bound");
        assertEquals(DEFAULT_SLEEP_MS, settings.get("sleepMs").asLong());
        assertEquals(MAX_SLEEP_MS, settings.get("maxSleepMs").asLong());
        assertTrue(settings.get("effectiveBacklog").asInt()
                <= settings.get("backlog").asInt());
        // Lab settings: the framework reports back the lab's four load knobs.
        LoadSettings lab = contract.settings().labLoadSettings();
        assertEquals("lab", settings.get("settings").asText());
        assertEquals(lab.backlog(), settings.get("backlog").asInt());
        assertEquals(lab.maxConnections(), settings.get("maxConnections").asInt());
        assertEquals(lab.idleTimeoutMs(), settings.get("idleTimeoutMs").asLong());
        assertEquals(lab.shutdownGraceMs(), settings.get("shutdownGraceMs").asLong());
        ListenBacklog.of(server.port())
                .ifPresent(queue -> assertEquals(
                        settings.get("effectiveBacklog").asInt(), queue, "ss -lt: the listen queue the kernel gave"));
    }

    /**
     * {@code /stats/memory} names every part of the memory, each one either measured (bytes) or absent with its reason;
     * with a forced collection the heap's parts are measured, and NMT's exactly when the JVM tracks native memory.
     */
    @ParameterizedTest
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    @ValueSource(booleans = {true, false})
    void statsMemoryAnswersEveryPart(boolean gc) {
        JsonNode memory = http.get("/stats/memory?gc=" + gc).json();

        assertEquals(variant().id(), memory.get("variant").asText());
        assertTrue(memory.get("inFlight").isInt(), memory::toString);
        assertEquals(gc, memory.get("forcedGc").asBoolean());
        JsonNode parts = memory.get("parts");
        JsonNode absent = memory.get("absent");
        for (String part : List.of(
                MemoryByPart.HEAP_LIVE,
                MemoryByPart.VIRTUAL_THREAD_STACKS,
                MemoryByPart.PLATFORM_STACKS_COMMITTED,
                MemoryByPart.PLATFORM_STACKS_RESERVED,
                MemoryByPart.NATIVE_OTHER,
                MemoryByPart.RSS,
                MemoryByPart.RSS_UNACCOUNTED)) {
            assertTrue(
                    parts.path(part).isIntegralNumber() != absent.path(part).isTextual(),
                    () -> part + " must be measured or absent with a reason, once: " + memory);
        }
        boolean tracked = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .anyMatch(flag -> flag.startsWith("-XX:NativeMemoryTracking=") && !flag.endsWith("=off"));
        assertEquals(tracked, parts.has(MemoryByPart.PLATFORM_STACKS_COMMITTED), memory::toString);
        assertTrue(parts.path(MemoryByPart.RSS).asLong() > 0, memory::toString);
        if (gc) {
            assertTrue(parts.path(MemoryByPart.HEAP_LIVE).asLong() > 0, memory::toString);
            assertTrue(parts.path(MemoryByPart.VIRTUAL_THREAD_STACKS).asLong() >= 0, memory::toString);
        }
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void statsMemoryRefusesAGcThatIsNeitherTrueNorFalse() {
        TestHttp.Answer answer = http.get("/stats/memory?gc=yes");
        assertEquals(400, answer.status());
        assertEquals("gc", answer.json().get("parameter").asText());
    }

    @ParameterizedTest
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    @ValueSource(strings = {"/", "/nope", "/sleep/", "/SLEEP", "/health/x"})
    void unknownPathIs404Json(String path) {
        TestHttp.Answer answer = http.get(path);
        assertEquals(404, answer.status());
        assertEquals("not_found", answer.json().get("error").asText());
        assertTrue(answer.json().get("message").asText().contains("/sleep"));
    }

    @ParameterizedTest
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    @CsvSource({"POST,/sleep", "PUT,/sleep", "DELETE,/health", "POST,/stats", "POST,/stats/memory"})
    void wrongMethodIs405JsonNamingTheAllowedOne(String method, String path) {
        TestHttp.Answer answer = http.send(method, path);
        assertEquals(405, answer.status());
        assertEquals("method_not_allowed", answer.json().get("error").asText());
        assertEquals("GET", answer.raw().headers().firstValue("Allow").orElseThrow());
    }

    /** The lab's HTTP limits (HttpLimits): the same status for each bad input on every server, whatever its framework. */
    @ParameterizedTest(name = "{0} -> {1}")
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    @MethodSource("badRequests")
    void badInputGetsTheSameStatusOnEveryServer(String input, int status, String request) {
        Integer own = frameworksOwnAnswers().get(input);
        assertEquals(
                own != null ? own : status,
                RawHttp.status(server.port(), request),
                own != null ? input + ": the framework's own answer (docs/servers.md), the lab's is " + status : input);
    }

    static Stream<Arguments> badRequests() {
        String host = "Host: localhost\r\n";
        return Stream.of(
                Arguments.of("request line of 4,095 bytes", 200, requestLine(4095) + host + "\r\n"),
                Arguments.of(
                        "request line of 4,096 bytes",
                        414,
                        requestLine(HttpLimits.MAX_REQUEST_LINE_BYTES) + host + "\r\n"),
                Arguments.of("URL of 100 KB", 414, requestLine(100_000) + host + "\r\n"),
                Arguments.of(
                        "header section of 16,384 bytes",
                        200,
                        sleep("HTTP/1.1") + host + headerOf(HttpLimits.MAX_HEADER_BYTES) + "\r\n"),
                Arguments.of(
                        "header section of 16,385 bytes",
                        400,
                        sleep("HTTP/1.1") + host + headerOf(HttpLimits.MAX_HEADER_BYTES + 1) + "\r\n"),
                Arguments.of("header of 100 KB", 400, sleep("HTTP/1.1") + host + headerOf(100_000) + "\r\n"),
                Arguments.of(
                        "100 header lines",
                        200,
                        sleep("HTTP/1.1") + host + headerLines(HttpLimits.MAX_HEADERS - 1) + "\r\n"),
                Arguments.of(
                        "101 header lines",
                        400,
                        sleep("HTTP/1.1") + host + headerLines(HttpLimits.MAX_HEADERS) + "\r\n"),
                Arguments.of(
                        "non-ASCII path (UTF-8 bytes)",
                        400,
                        "GET " + utf8Bytes("/sléep") + " HTTP/1.1\r\n" + host + "\r\n"),
                Arguments.of(
                        "non-ASCII query (UTF-8 bytes)",
                        400,
                        "GET " + utf8Bytes("/sleep?ms=1&n=é") + " HTTP/1.1\r\n" + host + "\r\n"),
                // Not HTTP/9.9 nor HTTP/1.2: Undertow's parser reports both as HTTP/1.1 (200) where Helidon answers 400
                // (docs/servers.md, HTTP limits).
                Arguments.of("HTTP/2.0", 400, sleep("HTTP/2.0") + host + "\r\n"),
                Arguments.of("HTTP/1.0", 505, sleep("HTTP/1.0") + "\r\n"),
                Arguments.of("lower-case get (case folded alike)", 200, "get /sleep?ms=1 HTTP/1.1\r\n" + host + "\r\n"),
                Arguments.of("unknown method FOO", 501, "FOO /sleep?ms=1 HTTP/1.1\r\n" + host + "\r\n"),
                Arguments.of(
                        "absolute-form target", 200, "GET http://localhost/sleep?ms=1 HTTP/1.1\r\n" + host + "\r\n"),
                Arguments.of(
                        "absolute-form with port",
                        200,
                        "GET http://localhost:1234/health HTTP/1.1\r\n" + host + "\r\n"),
                Arguments.of("no Host header", 400, sleep("HTTP/1.1") + "\r\n"),
                Arguments.of("two Host headers", 400, sleep("HTTP/1.1") + host + host + "\r\n"),
                Arguments.of("space in the target", 400, "GET /sleep?ms=1 x HTTP/1.1\r\n" + host + "\r\n"),
                Arguments.of("unescaped < in the query", 400, "GET /sleep?ms=1&x=<> HTTP/1.1\r\n" + host + "\r\n"),
                Arguments.of("space in a header name", 400, sleep("HTTP/1.1") + host + "Bad Header: x\r\n\r\n"),
                Arguments.of("no request line", 400, "HELLO\r\n\r\n"));
    }

    /** {@code text}'s UTF-8 bytes, one char each, as RawHttp sends chars (ISO-8859-1). */
    private static String utf8Bytes(String text) {
        return new String(
                text.getBytes(java.nio.charset.StandardCharsets.UTF_8), java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static String sleep(String version) {
        return "GET /sleep?ms=1 " + version + "\r\n";
    }

    /** A GET of /sleep whose request line, without CRLF, has exactly {@code bytes} bytes. */
    private static String requestLine(int bytes) {
        String start = "GET /sleep?ms=1&pad=";
        String end = " HTTP/1.1";
        return start + "a".repeat(bytes - start.length() - end.length()) + end + "\r\n";
    }

    /** One header line that makes, with the Host line, a header section of {@code bytes} bytes. */
    private static String headerOf(int bytes) {
        int value = bytes - "Host: localhost\r\n".length() - "X-Pad: \r\n".length();
        return "X-Pad: " + "a".repeat(value) + "\r\n";
    }

    private static String headerLines(int count) {
        return java.util.stream.IntStream.range(0, count)
                .mapToObj(i -> "X-H" + i + ": v\r\n")
                .collect(java.util.stream.Collectors.joining());
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ_WRITE)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void fiveHundredConcurrentSleepsOverlap() {
        long started = System.nanoTime();
        List<TestHttp.Answer> answers = http.concurrently(500, "/sleep?ms=1000");
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        assertTrue(answers.stream().allMatch(a -> a.status() == 200), "every request answered 200");
        // One after another they would take 500 s; 30 s leaves room for 2 shared cores and thread start-up.
        assertTrue(tookMs < 30_000, "500 x 1 s took " + tookMs + " ms: the sleeps did not overlap");
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ_WRITE)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void threadingModel() throws InterruptedException {
        List<JsonNode> first = bodies(http.concurrently(20, "/sleep?ms=300"));
        // Let the first wave's threads go idle (back to the pool, or ended) before the second arrives.
        TimeUnit.MILLISECONDS.sleep(500);
        List<JsonNode> second = bodies(http.concurrently(20, "/sleep?ms=300"));
        assertThreadingModel(first, second);
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void stopLetsAnInFlightRequestFinish() throws Exception {
        // The request waits on a downstream held until the stop waits for it, not for a time: a sleep of a fixed length
        // (1 s, then 3 s) could end between two polls of /stats on a busy machine, never seen in flight, or before the
        // stop began. Within the 10 s grace of the stop.
        try (HeldDownstream downstream = new HeldDownstream()) {
            LabServer stopping = start(newContract(MAX_SLEEP_MS, "--downstream=" + downstream.uri()));
            TestHttp client = new TestHttp(stopping.port());
            CompletableFuture<TestHttp.Answer> inFlight = client.getAsync(heldSleep());
            awaitInFlight(client, 1);

            Thread stop = Thread.ofPlatform().name("stop").start(stopping::stop);
            awaitBlockedOrEnded(stop);
            downstream.release();
            TestHttp.Answer answer = inFlight.join();
            stop.join();

            assertEquals(200, answer.status(), answer.raw().body());
            assertEquals(1, answer.json().get("sleptMs").asLong());
        }
    }

    /**
     * A sleep that waits on the test's {@link HeldDownstream} until it is released: how=socket on the request's thread,
     * how=http-pool (sendAsync) on the variant with no thread to block.
     */
    private String heldSleep() {
        return variant() == Variant.ASYNC ? "/sleep?ms=1&how=http-pool" : "/sleep?ms=1&how=socket";
    }

    /**
     * Until {@code stop} blocks (a stop waits there for the request held: the grace) or ends (a stop that did not wait,
     * which the request's answer then shows).
     */
    private static void awaitBlockedOrEnded(Thread stop) {
        Set<Thread.State> blockedOrEnded =
                java.util.EnumSet.of(Thread.State.WAITING, Thread.State.TIMED_WAITING, Thread.State.TERMINATED);
        while (!blockedOrEnded.contains(stop.getState())) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ_WRITE)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void theServerTimesEverySleepItselfIntoAHistogramAndAPerSecondSeries() throws Exception {
        awaitTimingSettled();
        Histogram before = histogram(http.get("/stats").json());
        long secondsBefore = completedPerSecond();

        http.concurrently(20, "/sleep?ms=200").forEach(a -> assertEquals(200, a.status()));
        http.concurrently(3, "/sleep?ms=0").forEach(a -> assertEquals(200, a.status()));
        assertEquals(400, http.get("/sleep?ms=abc").status()); // refused before any sleep: not timed

        // The clock stops once the response is written, which can be a moment after the client has read it.
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        JsonNode timing = http.get("/stats").json().get("serverTiming");
        while (timing.get("count").asLong() < before.getTotalCount() + 23 && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
            timing = http.get("/stats").json().get("serverTiming");
        }
        Histogram window = histogram(http.get("/stats").json());
        window.subtract(before);
        assertEquals(23, window.getTotalCount(), "every validated sleep timed once: " + timing);
        assertEquals(
                timing.get("count").asLong(),
                histogram(http.get("/stats").json()).getTotalCount());
        assertTrue(window.getValueAtPercentile(50) >= 200_000, "the median is a 200 ms sleep, in microseconds");
        assertTrue(window.getMaxValue() >= 200_000 && window.getMaxValue() < 5_200_000, "max " + window.getMaxValue());
        assertTrue(timing.get("p50Ms").asDouble() >= 0 && timing.get("maxMs").asDouble() >= 200, timing::toString);
        assertFalse(timing.get("from").asText().isBlank());
        assertEquals(secondsBefore + 23, completedPerSecond(), "the per-second series counts the same responses");
        assertEquals(405, http.send("POST", "/stats/seconds").status());
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void theRequestLogKeepsEachSleepsOwnTimestampsByItsIdAndMarksAConnectionsFirstRequest(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("requests.csv");
        SleepContract logged =
                new SleepContract(variant(), ServerSettings.parse(variant(), "--port=0", "--request-log=" + file));
        LabServer server = start(logged);
        try {
            assertEquals(
                    List.of(200, 200),
                    RawHttp.keepAlive(server.port(), "/sleep?ms=100&rid=first", "/sleep?ms=0&rid=second"));
            assertEquals(
                    200,
                    new TestHttp(server.port())
                            .get("/sleep?ms=0&rid=not%2Cplain")
                            .status());
            assertEquals(200, new TestHttp(server.port()).get("/health").status());
        } finally {
            server.stop();
            logged.close();
        }

        List<String> lines = java.nio.file.Files.readAllLines(file);
        assertEquals(RequestLog.HEADER, lines.getFirst());
        assertEquals(4, lines.size(), "a line per sleep, none for /health: " + lines);
        java.util.Map<String, String[]> byId = new java.util.HashMap<>();
        lines.stream().skip(1).map(line -> line.split(",", -1)).forEach(fields -> byId.put(fields[0], fields));
        assertEquals(
                java.util.Set.of("first", "second", ""), byId.keySet(), "an id that would break the CSV is left out");
        assertEquals("1", byId.get("first")[1], "the connection's first request came through the accept queue");
        assertEquals("0", byId.get("second")[1], "the next one on the same connection did not");
        for (String[] fields : byId.values()) {
            long received = Long.parseLong(fields[2]);
            long started = Long.parseLong(fields[3]);
            long responded = Long.parseLong(fields[4]);
            assertTrue(received <= started && started <= responded, String.join(",", fields));
            assertTrue(
                    Math.abs(received / 1000 - System.currentTimeMillis()) < 60_000, "epoch microseconds: " + received);
        }
        if (stampsAccept()) {
            long accepted = Long.parseLong(byId.get("first")[5]);
            long firstResponded = Long.parseLong(byId.get("first")[4]);
            long keptWaitingSince = Long.parseLong(byId.get("second")[5]);
            assertTrue(
                    accepted <= Long.parseLong(byId.get("first")[2]),
                    "the first request waited to be read from its connection's accept: " + lines);
            assertTrue(
                    Long.parseLong(byId.get("first")[2]) - accepted < 10_000_000,
                    "accepted just before it was read, not at the server's start: " + lines);
            assertEquals(
                    firstResponded,
                    keptWaitingSince,
                    "the keep-alive request waited from the previous response's end on its connection: " + lines);
        }
        long firstMicros = Long.parseLong(byId.get("first")[4]) - Long.parseLong(byId.get("first")[3]);
        assertTrue(
                firstMicros >= 100_000,
                "the 100 ms sleep lies between its start and its response: " + firstMicros + " us");
    }

    /**
     * A client that connects and writes its request 600 ms later: the server accepts it at once (the kernel's queue is
     * empty), so the stamp at accept lies near the connect and the 600 ms between it and the request's read: the wait
     * to be read, not the kernel's accept queue.
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ_WRITE)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ_WRITE)
    void theAcceptIsStampedWhenTheConnectionIsAcceptedNotWhenItsRequestIsRead(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(stampsAccept(), "this framework shows no accept");
        java.nio.file.Path file = dir.resolve("requests.csv");
        SleepContract logged =
                new SleepContract(variant(), ServerSettings.parse(variant(), "--port=0", "--request-log=" + file));
        LabServer server = start(logged);
        long connectUs;
        try {
            new TestHttp(server.port()).get("/health");
            connectUs = java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH, java.time.Instant.now());
            assertEquals(
                    200,
                    RawHttp.statusWrittenAfter(
                            server.port(), 600, "GET /sleep?ms=0&rid=late HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
        } finally {
            server.stop();
            logged.close();
        }
        String[] fields = java.nio.file.Files.readAllLines(file).get(1).split(",", -1);
        long accepted = Long.parseLong(fields[5]);
        long received = Long.parseLong(fields[2]);
        assertTrue(
                accepted - connectUs > -5_000 && accepted - connectUs < 400_000,
                "accepted within 400 ms of the connect: " + (accepted - connectUs) + " us");
        assertTrue(received - accepted >= 550_000, "read 600 ms after its accept: " + (received - accepted) + " us");
    }

    /**
     * Whether the adapter stamps each connection's accept ({@link ConnectionClock}, {@link AcceptedConnections}). One
     * whose framework shows no accept overrides this with false and says in its adapter which two parts of the timeline
     * (the kernel's accept queue and the wait to be read) stay merged, and why.
     */
    protected boolean stampsAccept() {
        return true;
    }

    private static Histogram histogram(JsonNode stats) throws java.util.zip.DataFormatException {
        byte[] encoded = Base64.getDecoder()
                .decode(stats.get("serverTiming").get("histogram").asText());
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0);
    }

    private long completedPerSecond() {
        TestHttp.Answer answer = http.get("/stats/seconds");
        assertEquals(200, answer.status());
        assertEquals(variant().id(), answer.json().get("variant").asText());
        long total = 0;
        for (JsonNode second : answer.json().get("seconds")) {
            assertTrue(second.get("p99Ms").asLong() >= second.get("p50Ms").asLong(), second::toString);
            total += second.get("completed").asLong();
        }
        return total;
    }

    private void awaitInFlight(int count) {
        awaitInFlight(http, count);
    }

    private static void awaitInFlight(TestHttp client, int count) {
        assertTrue(
                client.awaitStat("inFlight", inFlight -> inFlight >= count, 20_000) >= count,
                "never saw " + count + " requests in flight");
    }

    private static List<JsonNode> bodies(List<TestHttp.Answer> answers) {
        answers.forEach(a -> assertEquals(200, a.status()));
        return answers.stream().map(TestHttp.Answer::json).toList();
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void stockSettingsAreTheFrameworksOwnAsItReportsThem() throws Exception {
        LoadSettings expected = frameworkDefaults();
        assumeTrue(expected != null, "stock settings are checked on one variant per framework");
        SleepContract contract =
                new SleepContract(variant(), ServerSettings.parse(variant(), "--port=0", "--settings=stock"));
        LabServer server = start(contract);
        try {
            JsonNode settings = new TestHttp(server.port()).get("/stats").json().get("settings");

            assertEquals("stock", settings.get("settings").asText());
            assertEquals(expected.backlog(), settings.get("backlog").asInt());
            assertEquals(
                    String.valueOf(orElse(expected.maxConnections(), "unlimited")),
                    settings.get("maxConnections").asText());
            assertEquals(
                    String.valueOf(orElse(expected.idleTimeoutMs(), "none")),
                    settings.get("idleTimeoutMs").asText());
            assertEquals(
                    String.valueOf(orElse(expected.shutdownGraceMs(), "none")),
                    settings.get("shutdownGraceMs").asText());
            // The kernel's own word on the listen queue the framework asked for.
            ListenBacklog.of(server.port())
                    .ifPresent(queue -> assertEquals(
                            settings.get("effectiveBacklog").asInt(),
                            queue,
                            "ss -lt: the listen queue of port " + server.port()));

            LoadSettings lab = ServerSettings.parse(variant(), "--port=0").labLoadSettings();
            assertNotEquals(lab.backlog(), settings.get("backlog").asInt(), "not the lab's backlog");
            assertNotEquals(
                    String.valueOf(lab.shutdownGraceMs()),
                    settings.get("shutdownGraceMs").asText(),
                    "not the lab's grace");
        } finally {
            server.stop();
        }
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void onStopAnInFlightRequestGetsOnlyTheFrameworksGrace() throws Exception {
        LoadSettings expected = frameworkDefaults();
        assumeTrue(expected != null, "stock settings are checked on one variant per framework");
        long graceMs = Objects.requireNonNullElse(expected.shutdownGraceMs(), 0L);
        SleepContract contract =
                new SleepContract(variant(), ServerSettings.parse(variant(), "--port=0", "--settings=stock"));
        assertStopCutsOffARequestInFlight(start(contract), graceMs + frameworkStopJoinMs() + 2500);
    }

    /**
     * Stops {@code server} while a request is in flight: stop() returns within {@code stopLimitMs} (no grace of the
     * lab's), and the request cut off gets no answer. Also server-jdk's stock check.
     *
     * <p>The request sleeps {@value #CUT_OFF_MARGIN_MS} ms past that limit, so a server that closes the connections it
     * cut off only some seconds after stop() returned (Jetty, or any server on a busy machine) closes it before the
     * sleep could end and an answer be written: the test waits for the close, not for the sleep.
     *
     * <p>The request goes on a raw socket: the JDK's HttpClient sends a GET again on a new connection when the first
     * closes before any byte of an answer, and that second request, landing in a server half stopped, is not the one
     * cut off.
     */
    public static void assertStopCutsOffARequestInFlight(LabServer server, long stopLimitMs) {
        long sleepMs = stopLimitMs + CUT_OFF_MARGIN_MS;
        try (Socket sleeping = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            RawHttp.send(sleeping, "/sleep?ms=" + sleepMs);
            awaitInFlight(new TestHttp(server.port()), 1);
            long started = System.nanoTime();
            server.stop();
            long stopMs = (System.nanoTime() - started) / 1_000_000;

            assertTrue(
                    stopMs < stopLimitMs,
                    "stop() took " + stopMs + " ms, over " + stopLimitMs + " ms: it waited for the request in flight, a"
                            + " grace of the lab's");
            sleeping.setSoTimeout(Math.toIntExact(sleepMs - stopMs + 10_000));
            assertEquals(RawHttp.NO_ANSWER, RawHttp.firstByteOrEnd(sleeping), "the request cut off gets no answer");
        } catch (java.net.SocketTimeoutException stillOpen) {
            throw new AssertionError(
                    "the connection of the request cut off is still open 10 s after its sleep", stillOpen);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Until the server's timing count holds still for 250 ms (at most 5 s): a sleep of an earlier test is timed once
     * its answer is written, which on a busy machine can come after its client has read it, and would count in this
     * test's window.
     */
    private void awaitTimingSettled() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        long count = http.get("/stats").json().at("/serverTiming/count").asLong();
        while (System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(250);
            long now = http.get("/stats").json().at("/serverTiming/count").asLong();
            if (now == count) {
                return;
            }
            count = now;
        }
    }

    private static Object orElse(Object value, String none) {
        return value != null ? value : none;
    }
}
