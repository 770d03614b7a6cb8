package lab.threads.hyperfoil;

import io.hyperfoil.api.connection.Request;
import io.hyperfoil.api.processor.RawBytesHandler;
import io.hyperfoil.api.session.Action;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.http.api.HttpRequest;
import io.hyperfoil.http.api.StatusHandler;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Hooks into Hyperfoil's request step and writes each request as one record: status, bytes each way and first byte, the
 * record at completion, all on the session's event loop, one request in flight, so no lock. The warm-up takes the same
 * path into a discarding writer, so the recorder is compiled before measurement (docs/results.md).
 */
final class RequestRecorder {

    /** The request step's handler: Hyperfoil may copy it by serialization, and an enum constant stays itself. */
    enum Hook implements StatusHandler, RawBytesHandler, Action {
        WARMUP,
        MEASURED;

        @Override
        public void handleStatus(HttpRequest request, int status) {
            current.handleStatus(request, status);
        }

        @Override
        public void onRequest(Request request, ByteBuf buf, int offset, int length) {
            current.onRequest(request, length, this == MEASURED);
        }

        @Override
        public void onResponse(Request request, ByteBuf buf, int offset, int length, boolean isLastPart) {
            current.onResponse(request, length);
        }

        @Override
        public void run(Session session) {
            current.complete(session, this == MEASURED);
        }
    }

    /**
     * The first step of a closed plan's user ({@link UserLedger}): a session admitted goes on to its requests, one past
     * the users stops; the last user's start ends the arrivals. An enum constant, as {@link Hook}.
     */
    enum UserStart implements io.hyperfoil.api.config.Step {
        ADMIT;

        @Override
        public boolean invoke(Session session) {
            if (current.ledger.admit(session)) {
                current.rampStarted(session);
                if (current.ledger.everyUserStarted()) {
                    // The last user: no more arrivals, and the phase ends once every user has sent its loops.
                    session.phase().finish();
                }
                return true;
            }
            session.stop();
            return false;
        }
    }

    /** The run's recorder; one run per JVM. */
    static volatile RequestRecorder current;

    private final SampleWriter writer;
    private final SampleWriter warmupWriter;
    private final String baseUrl;
    private final int users;
    /** A closed plan's users and their requests; null for the throughput plan's connections. */
    private final UserLedger ledger;

    private final long timeoutNanos;
    /** The status of a success; 0: any below 400, as JMeter judges without an assertion. */
    private final int expectStatus;

    private final ConcurrentHashMap<Session, InFlight> inFlight = new ConcurrentHashMap<>();

    /** What one session's request has shown so far. */
    private static final class InFlight {
        int status;
        long sentBytes;
        /** When its first byte went out: its connect, if it opened one, ended before. */
        long firstSentNanos;

        long receivedBytes;
        long firstByteNanos;

        void reset() {
            status = 0;
            sentBytes = 0;
            firstSentNanos = 0;
            receivedBytes = 0;
            firstByteNanos = 0;
        }
    }

    /** Told the first measured request's start (nanoTime), once: the measured load's real origin. */
    private final java.util.function.LongConsumer loadStarted;

    private final java.util.concurrent.atomic.AtomicBoolean started = new java.util.concurrent.atomic.AtomicBoolean();

    RequestRecorder(
            SampleWriter writer,
            SampleWriter warmupWriter,
            String baseUrl,
            int users,
            long timeoutMillis,
            int expectStatus,
            java.util.function.LongConsumer loadStarted,
            UserLedger ledger) {
        this.ledger = ledger;
        this.writer = writer;
        this.warmupWriter = warmupWriter;
        this.baseUrl = baseUrl;
        this.users = users;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.expectStatus = expectStatus;
        this.loadStarted = loadStarted;
    }

    /** This JVM's CPU time when the first measured request ended, so start-up and warm-up stay out of the figure. */
    private volatile long cpuAtFirstRecordNanos = -1;

    private final java.util.concurrent.atomic.LongAdder records = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder errors = new java.util.concurrent.atomic.LongAdder();

    /** Measured requests recorded so far. */
    long records() {
        return records.sum();
    }

    /** Of them, those that failed: no answer, or a status of 400 or more (or not the expected one). */
    long errors() {
        return errors.sum();
    }

    /** The client's own CPU per measured request, from the end of the first one on: a line for the log. */
    String measuredCpu() {
        long cpu = processCpuNanos() - cpuAtFirstRecordNanos;
        long count = records.sum() - 1;
        return count <= 0
                ? "no measured requests"
                : String.format(
                        java.util.Locale.ROOT,
                        "cpu %.3f s over %d measured requests = %.4f ms a request",
                        cpu / 1e9,
                        count,
                        cpu / 1e6 / count);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private InFlight of(Session session) {
        return inFlight.computeIfAbsent(session, ignored -> new InFlight());
    }

    /** A closed plan's user begins a request for {@code path}; nothing for the throughput plan. */
    void begins(Session session, String path) {
        if (ledger != null) {
            ledger.begins(session, baseUrl + path);
        }
    }

    /** The users active now, for a closed plan; the plan's connections otherwise. */
    int activeUsers() {
        return ledger != null ? ledger.active() : users;
    }

    /**
     * Once the run is over, a closed plan's unrecorded requests as error lines ({@link UserLedger#unrecorded}), a
     * request never sent at {@code unsentUrl}; returns the count written.
     */
    long writeUnrecorded(java.util.function.Supplier<String> unsentUrl) {
        if (ledger == null) {
            return 0;
        }
        java.util.List<UserLedger.Unrecorded> lines = ledger.unrecorded(unsentUrl);
        for (UserLedger.Unrecorded line : lines) {
            writer.write(
                    line.startMillis(),
                    line.elapsedMillis(),
                    line.cause().code(),
                    line.cause().message(),
                    false,
                    0,
                    0,
                    ledger.active(),
                    line.url(),
                    0,
                    0,
                    line.threadName());
            errors.increment();
            records.increment();
        }
        return lines.size();
    }

    void handleStatus(HttpRequest request, int status) {
        of(request.session).status = status;
    }

    /** A closed plan's schedule starts at the users' phase's start, as JMeter's ramp does, not at its first request. */
    private void rampStarted(Session session) {
        if (!started.get() && started.compareAndSet(false, true)) {
            long sincePhaseStartMs = Math.max(0, System.currentTimeMillis() - session.phaseStartTimestamp());
            loadStarted.accept(System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(sincePhaseStartMs));
        }
    }

    void onRequest(Request request, int length, boolean measured) {
        if (measured && !started.get() && started.compareAndSet(false, true)) {
            loadStarted.accept(request.startTimestampNanos());
        }
        InFlight state = of(request.session);
        if (state.firstSentNanos == 0) {
            state.firstSentNanos = System.nanoTime();
        }
        state.sentBytes += length;
    }

    void onResponse(Request request, int length) {
        InFlight state = of(request.session);
        if (state.firstByteNanos == 0) {
            state.firstByteNanos = System.nanoTime();
        }
        state.receivedBytes += length;
    }

    void complete(Session session, boolean measured) {
        long end = System.nanoTime();
        HttpRequest request = (HttpRequest) session.currentRequest();
        InFlight state = of(session);
        long elapsed = end - request.startTimestampNanos();
        boolean answered = state.status != 0;
        boolean ok = answered && (expectStatus > 0 ? state.status == expectStatus : state.status < 400);
        String code;
        String message;
        if (answered) {
            code = Integer.toString(state.status);
            message = ok ? "OK" : "";
        } else if (elapsed >= timeoutNanos) {
            code = "Non HTTP response code: java.net.SocketTimeoutException";
            message = "Non HTTP response message: no answer within the request timeout";
        } else {
            code = "Non HTTP response code: java.net.SocketException";
            message = "Non HTTP response message: connection failed or closed before an answer";
        }
        long latency = state.firstByteNanos == 0 ? 0 : state.firstByteNanos - request.startTimestampNanos();
        // A closed plan's request starts before its user's connection is open, as JMeter's does: its connect is the
        // time to its first byte sent (about 0 on a connection it reuses). The throughput plan's are opened before.
        long connect =
                ledger == null || state.firstSentNanos == 0 ? 0 : state.firstSentNanos - request.startTimestampNanos();
        String threadName = ledger != null && measured ? ledger.recorded(session) : "hyperfoil " + session.uniqueId();
        (measured ? writer : warmupWriter)
                .write(
                        request.startTimestampMillis(),
                        TimeUnit.NANOSECONDS.toMillis(elapsed),
                        code,
                        message,
                        ok,
                        state.receivedBytes,
                        state.sentBytes,
                        activeUsers(),
                        baseUrl + request.path,
                        TimeUnit.NANOSECONDS.toMillis(latency),
                        TimeUnit.NANOSECONDS.toMillis(connect),
                        threadName);
        state.reset();
        if (!measured) {
            return;
        }
        if (cpuAtFirstRecordNanos < 0) {
            cpuAtFirstRecordNanos = processCpuNanos();
        }
        if (!ok) {
            errors.increment();
        }
        records.increment();
    }
}
