package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.model.wait.WaitKind;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each wait kind really blocks where it says: a virtual thread runs it for {@value #WAIT_MS} ms, its stack is sampled
 * mid-wait and must hold the JDK frame the kind names, called from the kind's own method, and the wait must last.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WaitsTest {
    private static final long WAIT_MS = 600;
    private static final Pattern MS = Pattern.compile("ms=(\\d+)");

    private ServerSocket downstream;
    private Waits waits;

    /** A downstream that answers each connection's {@code GET /sleep?ms=N} after N ms, as server-async does. */
    @BeforeAll
    void startDownstream() throws Exception {
        downstream = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!downstream.isClosed()) {
                try {
                    Socket connection = downstream.accept();
                    Thread.ofVirtual().start(() -> answerLater(connection));
                } catch (Exception closed) {
                    return;
                }
            }
        });
        waits = Waits.of(
                ServerSettings.parse(
                        Variant.PLATFORM,
                        "--port=0",
                        "--downstream=http://127.0.0.1:" + downstream.getLocalPort(),
                        "--db=" + SharedDatabase.jdbcUrl()),
                true);
    }

    @AfterAll
    void stop() throws Exception {
        downstream.close();
        waits.close();
    }

    private static void answerLater(Socket connection) {
        try (connection) {
            String line = new BufferedReader(
                            new InputStreamReader(connection.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
            Matcher ms = MS.matcher(line);
            Thread.sleep(ms.find() ? Long.parseLong(ms.group(1)) : 0);
            OutputStream out = connection.getOutputStream();
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (Exception e) {
            // the test fails on its own side
        }
    }

    /** The JDK frame each kind blocks in, and the lab's method that calls it. */
    private static List<String> expectedFrames(WaitKind kind) {
        return switch (kind) {
            case SLEEP -> List.of("java.lang.Thread.sleep", "lab.threads.common.Waits.await");
            case MONITOR -> List.of("java.lang.Thread.sleep", "lab.threads.common.Waits.sleepInMonitor");
            case OBJECT_WAIT -> List.of("java.lang.Object.wait", "lab.threads.common.Waits.waitInMonitor");
            case LOCK ->
                List.of(
                        "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos",
                        "lab.threads.common.Waits.awaitCondition");
            case FILE -> List.of("java.io.RandomAccessFile.read", "lab.threads.common.Fifos.readWrittenAfter");
            case FILE_SYNC ->
                List.of("java.io.RandomAccessFile.writeBytes", "lab.threads.common.Fifos.writeDrainedAfter");
            case SOCKET -> List.of("sun.nio.ch.NioSocketImpl.read", "lab.threads.common.Waits.readDownstream");
            case NATIVE -> List.of("lab.threads.common.NativeSleep.usleep");
            case PROCESS -> List.of("java.lang.ProcessImpl.waitFor", "lab.threads.common.Waits.waitForChild");
            case DB -> List.of("sun.nio.ch.NioSocketImpl.read", "lab.threads.common.DatabaseWait.await");
            case HTTP_POOL -> List.of("sun.nio.ch.NioSocketImpl.read", "lab.threads.common.HttpPoolWait.await");
        };
    }

    private static List<String> stack(Thread thread) {
        return Arrays.stream(thread.getStackTrace())
                .map(frame -> frame.getClassName() + "." + frame.getMethodName())
                .toList();
    }

    private static boolean blocksWhereExpected(List<String> stack, WaitKind kind) {
        return expectedFrames(kind).stream().allMatch(frame -> stack.stream().anyMatch(f -> f.startsWith(frame)));
    }

    @ParameterizedTest
    @EnumSource(WaitKind.class)
    void eachKindBlocksWhereItSaysForAsLongAsAsked(WaitKind kind) throws Exception {
        assertTrue(
                waits.unavailable(kind).isEmpty(), () -> waits.unavailable(kind).orElseThrow());
        AtomicReference<Throwable> failed = new AtomicReference<>();
        long started = System.nanoTime();
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                waits.await(kind, WAIT_MS);
            } catch (Throwable e) {
                failed.set(e);
            }
        });
        // Until its stack shows the wait, or it ends: on a busy machine the first part of the wait can still be
        // loading the client's classes half way through it.
        List<String> stack = stack(waiter);
        while (waiter.isAlive() && !blocksWhereExpected(stack, kind)) {
            Thread.sleep(10);
            stack = stack(waiter);
        }
        waiter.join();
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        assertEquals(null, failed.get());
        for (String frame : expectedFrames(kind)) {
            List<String> seen = stack;
            assertTrue(seen.stream().anyMatch(f -> f.startsWith(frame)), kind + " blocks in " + frame + ": " + seen);
        }
        if (kind == WaitKind.NATIVE) {
            assertFalse(
                    stack.stream().anyMatch(f -> f.contains("park") || f.contains("Thread.sleep")),
                    "usleep holds its thread in native code, it never parks: " + stack);
        }
        assertTrue(tookMs >= WAIT_MS, kind + " waited " + tookMs + " ms of " + WAIT_MS);
        assertTrue(tookMs < WAIT_MS + 2_000, kind + " waited " + tookMs + " ms of " + WAIT_MS);
    }

    /**
     * Two more waits than the scheduler has carriers, at once: the ones in their wait before any ends are the ones
     * on a carrier. A synchronous write gets a carrier added for it (all are in their write); a plain read, from JDK 23 on
     * (JDK-8329593), holds its carrier and the rest wait for one (at most parallelism are in their read).
     */
    @ParameterizedTest
    @EnumSource(
            value = WaitKind.class,
            names = {"FILE", "FILE_SYNC"})
    void aSyncWriteGetsACarrierAddedAPlainReadHoldsItsOwnFromJdk23(WaitKind kind) throws Exception {
        int parallelism = Integer.getInteger(
                "jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
        int waiters = parallelism + 2;
        String waitMethod = kind == WaitKind.FILE ? "readWrittenAfter" : "writeDrainedAfter";
        waits.await(kind, 1); // the FIFOs made first: a waiter in mkfifo is not in the file wait
        List<Thread> threads = new java.util.ArrayList<>();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        long noWaitEndsBefore = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MS);
        for (int i = 0; i < waiters; i++) {
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    waits.await(kind, WAIT_MS);
                } catch (Throwable e) {
                    failed.set(e);
                }
            }));
        }
        long inTheirWait = mostInTheirWaitAtOnce(threads, waitMethod, noWaitEndsBefore);
        for (Thread thread : threads) {
            assertTrue(thread.join(java.time.Duration.ofSeconds(20)), kind + ": a waiter never ended (a deadlock)");
        }

        assertEquals(null, failed.get());
        boolean compensates = kind == WaitKind.FILE_SYNC || Runtime.version().feature() < 23;
        if (compensates) {
            assertEquals(waiters, inTheirWait, kind + ": every waiter on a carrier of its own");
        } else {
            assertTrue(
                    inTheirWait >= 1 && inTheirWait <= parallelism,
                    kind + ": " + inTheirWait + " of " + waiters + " in their read on " + parallelism + " carriers");
        }
    }

    /**
     * How many of {@code threads} are in {@code waitMethod} at once, read until all are or until one may have left it:
     * each wait lasts its N ms from its own start, none before {@code noWaitEndsBefore}, so until then a waiter seen in
     * its wait is still in it, the count only grows, and its last reading is the most that were in at once. On a busy
     * machine the waiters can take most of that time to reach their wait: a reading at a fixed time could come first.
     */
    private static long mostInTheirWaitAtOnce(List<Thread> threads, String waitMethod, long noWaitEndsBefore)
            throws InterruptedException {
        long most = 0;
        while (most < threads.size()) {
            long reading = threads.stream()
                    .filter(thread -> Arrays.stream(thread.getStackTrace())
                            .anyMatch(frame -> frame.getMethodName().equals(waitMethod)))
                    .count();
            if (System.nanoTime() - noWaitEndsBefore >= 0) {
                break; // a waiter may have left its wait during this reading, and another taken its carrier
            }
            most = reading;
            Thread.sleep(10);
        }
        return most;
    }

    @Test
    void socketAndNativeSayWhyWhenTheyCannotRun() {
        Waits noDownstream = new Waits(null);
        assertTrue(noDownstream.unavailable(WaitKind.SOCKET).orElseThrow().contains("--downstream"));
        assertTrue(noDownstream.unavailable(WaitKind.HTTP_POOL).orElseThrow().contains("--downstream"));
        assertTrue(noDownstream.unavailable(WaitKind.DB).orElseThrow().contains("--db"));
        assertTrue(noDownstream.unavailable(WaitKind.NATIVE).isEmpty(), "the FFM API is there from JDK 21 on");
        for (WaitKind kind : WaitKind.values()) {
            assertEquals(kind, WaitKind.of(kind.id()).orElseThrow());
        }
        assertTrue(WaitKind.of("spin").isEmpty());
    }
}
